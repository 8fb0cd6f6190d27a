import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { DURATION_PRESETS, formatCountdown, type DurationChoice } from '../model';
import { useFlat } from '../use-flat-card';
import { useTemporaryCode } from '../use-temporary-code';
import { EmptyNote, Section } from './section';

// A custom duration needs text fields, which the first screen does not otherwise carry.
const CustomDuration = lazy(() => import('./custom-duration').then((m) => ({ default: m.CustomDuration })));

export function CodeSection() {
  const t = useT();
  const { canEdit, canWrite } = useFlat();
  const { dateTime } = useDateFormat();
  const code = useTemporaryCode();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const current = code.code;

  return (
    <Section id="code" title={t('flat.section.code')} error={code.save.error ?? code.renew.error ?? code.remove.error}>
      {current ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: canEdit ? 2 : 0 }}>
          <Typography
            aria-label={t('flat.code.value')}
            sx={{ fontFamily: 'monospace', fontSize: '1.9rem', letterSpacing: '0.12em', fontWeight: 600, color: code.expired ? 'text.disabled' : 'text.primary' }}
            data-testid="temporary-code"
          >
            {current.tempCode}
          </Typography>
          <Box sx={{ minWidth: 0 }}>
            <Chip size="small" color={code.expired ? 'default' : 'success'} label={t(code.expired ? 'flat.code.expiredChip' : 'flat.code.activeChip')} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('flat.code.created', { date: dateTime(current.created) })}
            </Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="temporary-code-left" role="timer">
              {code.expired
                ? t('flat.code.expired', { date: dateTime(code.expiresAt) })
                : `${t('flat.code.left', { left: formatCountdown(code.left, t('flat.dayMark')) })} · ${t('flat.code.expires', { date: dateTime(code.expiresAt) })}`}
            </Typography>
          </Box>
        </Box>
      ) : (
        <EmptyNote>{t('flat.code.none')}</EmptyNote>
      )}
      {canEdit && (
        <Box>
          <Typography id="flat-code-duration" variant="body2" sx={{ mb: 0.5, fontWeight: 500 }}>
            {t('flat.code.duration')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={code.choice}
              onChange={(_event, next: DurationChoice | null) => next && code.setChoice(next)}
              aria-labelledby="flat-code-duration"
              sx={{ flexWrap: 'wrap' }}
            >
              {DURATION_PRESETS.map((preset) => (
                <ToggleButton key={preset.key} value={preset.key} sx={{ px: 1.5 }}>
                  {t(`flat.code.duration.${preset.key}`)}
                </ToggleButton>
              ))}
              <ToggleButton value="custom" sx={{ px: 1.5 }}>
                {t('flat.code.duration.custom')}
              </ToggleButton>
            </ToggleButtonGroup>
            {code.choice === 'custom' && (
              <Suspense fallback={null}>
                <CustomDuration code={code} />
              </Suspense>
            )}
          </Box>
          <Typography variant="body2" color={code.duration === null || code.previewPast ? 'error' : 'text.secondary'} sx={{ mt: 1 }}>
            {code.duration === null
              ? t('flat.code.amountError')
              : code.previewPast
                ? t('flat.code.previewPast', { date: dateTime(code.previewUntil) })
                : t('flat.code.preview', { date: dateTime(code.previewUntil) })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            {code.expired ? (
              <Button variant="contained" disabled={!canWrite || code.duration === null || code.renew.pending} onClick={() => code.duration !== null && void code.renew.run(code.duration)}>
                {t('flat.code.renew')}
              </Button>
            ) : (
              <Button variant="contained" disabled={!canWrite || code.duration === null || code.save.pending} onClick={() => code.duration !== null && void code.save.run(code.duration)}>
                {t(current ? 'flat.code.change' : 'flat.code.create')}
              </Button>
            )}
            {current && (
              <Button color="error" disabled={!canWrite || code.remove.pending} onClick={() => setConfirmRemove(true)}>
                {t('flat.code.remove')}
              </Button>
            )}
          </Box>
        </Box>
      )}
      <LazyConfirmDialog
        open={confirmRemove}
        title={t('flat.code.remove.title')}
        text={t('flat.code.remove.text', { code: current?.tempCode ?? '' })}
        confirmLabel={t('flat.remove')}
        danger
        busy={code.remove.pending}
        onClose={() => setConfirmRemove(false)}
        onConfirm={() => void code.remove.run(undefined).then(() => setConfirmRemove(false))}
      />
    </Section>
  );
}
