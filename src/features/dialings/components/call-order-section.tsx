import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { CallLegKind } from '@contract/dialings';
import { OutlinedField } from '@/components/outlined-field';
import { PageLoadError } from '@/components/page-load-error';
import { PageSection } from '@/components/page-section';
import { useT, type FeatureMessageKey } from '../messages';
import { ringProblem, targetText } from '../model';
import { useCallOrder, type CallOrderModel } from '../use-call-order';
import { FirstLoad } from './first-load';
import { LegIcon } from './leg-icon';
import { ToneBadge } from './tone-badge';

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
          {editing ? <OrderEditor model={model} /> : <OrderList model={model} />}
        </>
      )}
    </PageSection>
  );
}

function StepName({ kind, target, label }: { kind: CallLegKind; target: string; label: string | null }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1, minWidth: 0 }}>
      <Typography component="span" sx={{ fontWeight: 500 }}>
        {t(`dialings.kind.${kind}` as FeatureMessageKey)}
      </Typography>
      <Typography component="span" sx={{ overflowWrap: 'anywhere', fontFamily: kind === 'handset' ? undefined : 'monospace' }}>
        {targetText({ kind, target }, t)}
      </Typography>
      {label && (
        <Typography component="span" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
      )}
    </Box>
  );
}

const ROW = { display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, py: 0.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } } as const;

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

function OrderEditor({ model }: { model: CallOrderModel }) {
  const t = useT();
  const steps = model.draft ?? [];
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        model.save();
      }}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Box component="ol" aria-label={t('dialings.order.title', { flat: model.answer?.flatNum ?? '' })} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {steps.map((step, index) => {
          const who = targetText(step, t);
          const bad = ringProblem(step.ringSeconds);
          return (
            <Box component="li" key={`${step.kind}-${step.target}`} data-kind={step.kind} sx={{ ...ROW, flexWrap: 'wrap' }}>
              <Typography color="text.secondary" sx={{ minWidth: '1.5em', textAlign: 'right' }}>
                {index + 1}.
              </Typography>
              <LegIcon kind={step.kind} color={step.enabled ? 'primary' : 'disabled'} aria-hidden />
              <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                <StepName kind={step.kind} target={step.target} label={step.label} />
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
                <Box sx={{ width: 96 }}>
                  <OutlinedField
                    name={`ring-${index}`}
                    label={t('dialings.order.ringField')}
                    size="small"
                    inputMode="numeric"
                    value={step.ringSeconds}
                    error={bad ? t('dialings.order.ringBad', bad) : undefined}
                    onChange={(event) => model.setRing(index, event.target.value)}
                  />
                </Box>
                <Switch checked={step.enabled} onChange={() => model.toggle(index)} slotProps={{ input: { 'aria-label': t('dialings.order.enabled', { target: who }) } }} />
                <IconButton aria-label={t('dialings.order.up', { target: who })} disabled={index === 0} onClick={() => model.move(index, -1)}>
                  <ArrowUpward fontSize="small" />
                </IconButton>
                <IconButton aria-label={t('dialings.order.down', { target: who })} disabled={index === steps.length - 1} onClick={() => model.move(index, 1)}>
                  <ArrowDownward fontSize="small" />
                </IconButton>
                {step.kind === 'forward' && (
                  <IconButton aria-label={t('dialings.order.remove', { target: who })} onClick={() => model.remove(index)}>
                    <Delete fontSize="small" />
                  </IconButton>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(180px, 260px) auto 1fr' }, gap: 1, alignItems: 'start' }}>
        <OutlinedField
          name="forward"
          label={t('dialings.order.forwardField')}
          size="small"
          inputMode="numeric"
          value={model.forward}
          error={model.forwardError ?? undefined}
          onChange={(event) => model.setForward(event.target.value)}
        />
        <Button variant="outlined" onClick={model.addForward} sx={{ height: 40 }}>
          {t('dialings.order.forwardAdd')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={model.cancel} disabled={model.saving}>
          {t('dialings.order.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!model.canSave}>
          {model.saving ? t('dialings.order.saving') : t('dialings.order.save')}
        </Button>
      </Box>
    </Box>
  );
}
