import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FieldJob } from '@contract/field';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { kindLabel } from '../model';

/** One job needing attention: what it does, its device and house, the server's reason, attempts. */
export function FieldJobCard({ job }: { job: FieldJob }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const kind = kindLabel(job.kind);
  const rows: Array<[string, string]> = [
    [t('field.job.kind'), t(kind.key, kind.values)],
    [t('field.job.device'), job.mac ?? t('field.dash')],
    [t('field.job.house'), job.house ?? t('field.dash')],
    [t('field.job.reason'), job.status === 'paused' ? t('field.job.paused') : (job.error ?? t('field.job.noReason'))],
    [t('field.job.status'), job.httpStatus === null ? t('field.dash') : t('field.job.httpStatus', { status: job.httpStatus })],
    [t('field.job.attempts'), String(job.attempts)],
    [t('field.job.created'), dateTime(job.createdAt)],
  ];
  return (
    <Paper component="li" variant="outlined" aria-label={t('field.job.title', { id: job.id })} sx={{ p: 1.5, minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('field.job.title', { id: job.id })}</Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.25 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', mb: { xs: 0.5, sm: 0 } }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
