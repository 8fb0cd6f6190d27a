import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '../messages';
import { ringProblem, targetText } from '../model';
import type { CallOrderModel } from '../use-call-order';
import { ROW, StepName } from './call-order-step';
import { LegIcon } from './leg-icon';

/** Management's editor of a flat's call order (loaded when opened): reorder, switch, ringing, forwarding numbers. */
export function OrderEditor({ model }: { model: CallOrderModel }) {
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
