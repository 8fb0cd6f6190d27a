import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, lazy } from 'react';
import { PageLoadError } from '@/components/page-load-error';
import { PageSection } from '@/components/page-section';
import { useT } from '../messages';
import { useCallOrder, type CallOrderModel } from '../use-call-order';
import { ROW, StepName } from './call-order-step';
import { FirstLoad } from './first-load';
import { LegIcon } from './leg-icon';
import { ToneBadge } from './tone-badge';

const OrderEditor = lazy(() => import('./call-order-editor').then((module) => ({ default: module.OrderEditor })));

/** The flat's configured call order (the URL's flat), and for management its editor. */
export function CallOrderSection({ mac, flatNum }: { mac: string; flatNum: number }) {
  const t = useT();
  const model = useCallOrder(mac, flatNum);
  const editing = model.draft !== null;
  return (
    <PageSection
      title={t('dialings.order.title', { flat: flatNum })}
      actions={
        model.canEdit &&
        !editing && (
          <Button variant="outlined" onClick={model.edit}>
            {t('dialings.order.edit')}
          </Button>
        )
      }
    >
      {model.pending && !model.error ? (
        <FirstLoad label={t('dialings.order.loading')} minHeight={96} />
      ) : model.answer === undefined ? (
        <PageLoadError error={model.error} message={(error) => t('dialings.order.loadError', { error })} retryLabel={t('dialings.retry')} onRetry={model.retry} />
      ) : (
        <>
          {model.answer.address && (
            <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {model.answer.address}
            </Typography>
          )}
          {editing ? (
            <Suspense fallback={<FirstLoad label={t('dialings.order.loading')} minHeight={96} />}>
              <OrderEditor model={model} />
            </Suspense>
          ) : (
            <OrderList model={model} />
          )}
        </>
      )}
    </PageSection>
  );
}

function OrderList({ model }: { model: CallOrderModel }) {
  const t = useT();
  if (model.steps.length === 0) return <Typography color="text.secondary">{t('dialings.order.none')}</Typography>;
  return (
    <>
      <Box component="ol" aria-label={t('dialings.order.title', { flat: model.answer?.flatNum ?? '' })} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {model.steps.map((step) => (
          <Box component="li" key={step.position} data-kind={step.kind} data-enabled={step.enabled} sx={{ ...ROW, opacity: step.enabled ? 1 : 0.6 }}>
            <Typography color="text.secondary" sx={{ minWidth: '1.5em', textAlign: 'right' }}>
              {step.position}.
            </Typography>
            <LegIcon kind={step.kind} color={step.enabled ? 'primary' : 'disabled'} aria-hidden />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <StepName kind={step.kind} target={step.target} label={step.label} />
            </Box>
            {step.enabled ? (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {t('dialings.order.ring', { seconds: step.ringSeconds })}
              </Typography>
            ) : (
              <ToneBadge tone="neutral">{t('dialings.order.off')}</ToneBadge>
            )}
          </Box>
        ))}
      </Box>
      {!model.canEdit && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('dialings.order.readOnly')}
        </Typography>
      )}
    </>
  );
}
