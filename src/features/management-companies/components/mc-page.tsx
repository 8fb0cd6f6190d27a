import ArrowBack from '@mui/icons-material/ArrowBack';
import Block from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { weeksToSeconds, type ManagementCompany } from '@contract/mc';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { OutlinedField } from '@/components/outlined-field';
import { PageLoadError } from '@/components/page-load-error';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/management-companies/messages';
import { errorMessage } from '@/lib/http';
import { MC_LIST_PATH, checkMcField, mcFormValues, parseMcId, type McTextField } from '../model';
import { useMcForm } from '../use-mc-form';
import { useMcPage, type McPageModel } from '../use-mc-page';
import { McNextExecute } from './mc-next-execute';
import { McStatus } from './mc-status';
import { McUploadSection } from './mc-upload-section';

/** `/mc/:mcId/update`: every field, disable, and the uploads with their progress; read-only for support. */
export function McPage() {
  const t = useT();
  const id = parseMcId(useParams().mcId);
  if (id === null) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <McHeader title={t('mc.title')} />
        <Alert severity="error">{t('mc.notFound')}</Alert>
      </Box>
    );
  }
  return <McScreen key={id} id={id} />;
}

function McHeader({ title, company }: { title: string; company?: ManagementCompany }) {
  const t = useT();
  return (
    <Box sx={{ mb: 2 }}>
      <Button component={RouterLink} to={MC_LIST_PATH} startIcon={<ArrowBack />} sx={{ minHeight: 44, ml: -1 }}>
        {t('mc.back')}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Typography>
        {company && <McStatus active={company.active} />}
      </Box>
    </Box>
  );
}

function McScreen({ id }: { id: number }) {
  const t = useT();
  const model = useMcPage(id);
  const { company } = model;
  if (company.isPending) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }} aria-busy="true">
        <McHeader title={t('mc.title')} />
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      </Box>
    );
  }
  if (company.isError) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <McHeader title={t('mc.title')} />
        <PageLoadError error={company.error} message={(error) => t('mc.companyLoadError', { error })} retryLabel={t('mc.retry')} onRetry={() => void company.refetch()} />
      </Box>
    );
  }
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <McHeader title={company.data.name} company={company.data} />
      <Stack spacing={2}>
        {!model.online && <Alert severity="warning">{t('mc.offline')}</Alert>}
        {!model.canEdit && <Alert severity="info">{t('mc.readOnly')}</Alert>}
        {!company.data.active && <Alert severity="info">{t('mc.inactive')}</Alert>}
        <McDetails company={company.data} model={model} />
        <McUploadSection id={id} model={model} />
      </Stack>
    </Box>
  );
}

function McDetails({ company, model }: { company: ManagementCompany; model: McPageModel }) {
  const t = useT();
  const form = useMcForm(mcFormValues(company), (values) => model.save.mutateAsync(values));
  const [confirming, setConfirming] = useState(false);
  const readOnly = !model.canEdit;
  const field = (name: McTextField, extra: { required?: boolean; numeric?: boolean; helperText?: string; readOnly?: boolean } = {}) => (
    <OutlinedField
      name={name}
      label={t(`mc.field.${name}`)}
      required={extra.required && !readOnly}
      readOnly={readOnly || extra.readOnly}
      code={name !== 'name'}
      inputMode={extra.numeric ? 'numeric' : 'text'}
      value={form.values[name]}
      onChange={(event) => form.change(name, event.target.value)}
      error={form.errors[name]}
      helperText={extra.helperText}
    />
  );
  const weeksValid = checkMcField('weeks', form.values.weeks) === null;
  const weeksHelper = readOnly ? undefined : `${t('mc.field.weeks.helper')}${weeksValid ? ` · ${t('mc.field.weeks.seconds', { seconds: weeksToSeconds(form.values.weeks) })}` : ''}`;
  return (
    <PageSection
      title={t('mc.section.details')}
      error={model.disable.isError ? errorMessage(model.disable.error) : null}
      actions={
        model.canEdit &&
        company.active && (
          <Button color="error" variant="outlined" startIcon={<Block />} disabled={!model.online || model.disable.isPending} onClick={() => setConfirming(true)} sx={{ minHeight: 40 }}>
            {t('mc.disable')}
          </Button>
        )
      }
    >
      <Box component="form" noValidate aria-label={t('mc.section.details')} onSubmit={(event) => void form.submit(event)}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('internalId', { required: true, helperText: t('mc.field.internalId.helper') })}
          {field('name', { required: true })}
          {field('codeAccess', { helperText: t('mc.field.codeAccess.helper') })}
          {field('flatNum', { numeric: true, helperText: t('mc.field.flatNum.helper') })}
          {field('weeks', { helperText: weeksHelper })}
          <McNextExecute
            value={form.values.nextExecute}
            onChange={(value) => form.change('nextExecute', value)}
            readOnly={readOnly}
            disabled={form.submitting}
            error={form.errors.nextExecute}
          />
          {/* Only the superuser moves a company to another buyer. */}
          {field('buyerId', { numeric: true, readOnly: !model.superuser })}
          <FormControlLabel
            control={<Switch name="active" checked={form.values.active} disabled={readOnly} onChange={(event) => form.change('active', event.target.checked)} />}
            label={t('mc.field.active')}
          />
        </Box>
        {form.banner && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {form.banner}
          </Alert>
        )}
        {model.canEdit && (
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={!model.online || form.submitting || !form.dirty} sx={{ minHeight: 44 }}>
              {form.submitting ? t('mc.saving') : t('mc.save')}
            </Button>
            <Button type="button" disabled={form.submitting || !form.dirty} onClick={() => form.reset()} sx={{ minHeight: 44 }}>
              {t('mc.reset')}
            </Button>
          </Box>
        )}
      </Box>
      <LazyConfirmDialog
        open={confirming}
        danger
        busy={model.disable.isPending}
        title={t('mc.disable.title')}
        text={t('mc.disable.text', { name: company.name })}
        confirmLabel={t('mc.disable')}
        onConfirm={() =>
          model.disable.mutate(undefined, {
            onSuccess: () => form.acknowledge('active', false),
            onSettled: () => setConfirming(false),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </PageSection>
  );
}
