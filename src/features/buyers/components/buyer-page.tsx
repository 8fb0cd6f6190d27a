import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Buyer } from '@contract/buyers';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageLoadError } from '@/components/page-load-error';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/buyers/messages';
import { useDateFormat } from '@/lib/dates';
import { errorMessage } from '@/lib/http';
import { buyerFormValues, deleteBlockOf, isOperatorBuyer, parseBuyerId } from '../model';
import { useBuyerForm } from '../use-buyer-form';
import { useBuyerPage, type BuyerPageModel } from '../use-buyer-page';
import { BuyerFormFields } from './buyer-form-fields';
import { BuyerStatus } from './buyer-status';

/** `/buyers/:buyerId` (superuser): edit, deactivate and reactivate, the counts of its devices and users, delete. */
export function BuyerPage() {
  const t = useT();
  const buyerId = parseBuyerId(useParams().buyerId);
  if (buyerId === null) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <BuyerHeader title={t('buyer.title')} />
        <Alert severity="error">{t('buyer.notFound')}</Alert>
      </Box>
    );
  }
  return <BuyerScreen key={buyerId} buyerId={buyerId} />;
}

function BuyerHeader({ title, buyer }: { title: string; buyer?: Buyer }) {
  const t = useT();
  return (
    <Box sx={{ mb: 2 }}>
      <Button component={RouterLink} to="/buyers" startIcon={<ArrowBack />} sx={{ minHeight: 44, ml: -1 }}>
        {t('buyer.back')}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Typography>
        {buyer && <BuyerStatus active={buyer.active} />}
      </Box>
    </Box>
  );
}

function BuyerScreen({ buyerId }: { buyerId: number }) {
  const t = useT();
  const model = useBuyerPage(buyerId);
  const { buyer } = model;

  if (buyer.isPending) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }} aria-busy="true">
        <BuyerHeader title={t('buyer.title')} />
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={260} />
          <Skeleton variant="rounded" height={100} />
        </Stack>
      </Box>
    );
  }
  if (buyer.isError) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <BuyerHeader title={t('buyer.title')} />
        <PageLoadError error={buyer.error} message={(error) => t('buyer.loadError', { error })} retryLabel={t('buyer.retry')} onRetry={() => void buyer.refetch()} />
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <BuyerHeader title={buyer.data.name} buyer={buyer.data} />
      <Stack spacing={2}>
        {!model.online && <Alert severity="warning">{t('buyer.offline')}</Alert>}
        {!buyer.data.active && <Alert severity="info">{t('buyer.inactive')}</Alert>}
        <BuyerDetails buyer={buyer.data} model={model} />
        <BuyerCounts buyer={buyer.data} />
        <BuyerDelete buyer={buyer.data} model={model} />
      </Stack>
    </Box>
  );
}

function BuyerDetails({ buyer, model }: { buyer: Buyer; model: BuyerPageModel }) {
  const t = useT();
  const { date } = useDateFormat();
  const form = useBuyerForm(buyerFormValues(buyer), async (values) => buyerFormValues(await model.update.mutateAsync(values)));
  return (
    <PageSection title={t('buyer.section.details')}>
      <Box component="form" noValidate aria-label={t('buyer.section.details')} onSubmit={(event) => void form.submit(event)}>
        <BuyerFormFields form={form} activeLocked={isOperatorBuyer(buyer)} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('buyer.meta', { id: buyer.id, date: date(buyer.dateCreated) })}
        </Typography>
        {form.banner && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {form.banner}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={!model.online || form.submitting || !form.dirty} sx={{ minHeight: 44 }}>
            {form.submitting ? t('buyer.saving') : t('buyer.save')}
          </Button>
          <Button type="button" disabled={form.submitting || !form.dirty} onClick={() => form.reset()} sx={{ minHeight: 44 }}>
            {t('buyer.reset')}
          </Button>
        </Box>
      </Box>
    </PageSection>
  );
}

function BuyerCounts({ buyer }: { buyer: Buyer }) {
  const t = useT();
  const counts = [
    { label: t('buyer.count.devices'), value: buyer.devices ?? 0 },
    { label: t('buyer.count.users'), value: buyer.users ?? 0 },
  ];
  return (
    <PageSection title={t('buyer.section.belongs')}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {counts.map(({ label, value }) => (
          <Box key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </PageSection>
  );
}

function BuyerDelete({ buyer, model }: { buyer: Buyer; model: BuyerPageModel }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const block = deleteBlockOf(buyer);
  const reason =
    block?.kind === 'operator'
      ? t('buyer.delete.operator')
      : block?.kind === 'inUse'
        ? t('buyer.delete.inUse', { devices: block.devices, users: block.users })
        : t('buyer.delete.allowed');
  return (
    <PageSection title={t('buyer.section.delete')} error={model.remove.isError ? errorMessage(model.remove.error) : null}>
      <Typography id="buyer-delete-reason" variant="body2" color={block ? 'text.secondary' : 'text.primary'} sx={{ mb: 1.5 }}>
        {reason}
      </Typography>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteOutline />}
        disabled={block !== null || !model.online || model.remove.isPending}
        aria-describedby="buyer-delete-reason"
        onClick={() => setConfirming(true)}
        sx={{ minHeight: 44 }}
      >
        {t('buyer.delete')}
      </Button>
      <LazyConfirmDialog
        open={confirming}
        danger
        busy={model.remove.isPending}
        title={t('buyer.delete.title')}
        text={t('buyer.delete.text', { name: buyer.name })}
        confirmLabel={t('confirm.delete')}
        onConfirm={() => model.remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </PageSection>
  );
}
