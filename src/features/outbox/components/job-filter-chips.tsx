import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useT, type FeatureMessageKey } from '@/features/outbox/messages';
import { JOB_FILTERS, type JobFilter } from '../model';

const LABELS: Record<JobFilter, FeatureMessageKey> = {
  unsent: 'outbox.filter.unsent',
  waiting: 'outbox.filter.waiting',
  attention: 'outbox.filter.attention',
  sent: 'outbox.filter.sent',
};

interface JobFilterChipsProps {
  filter: JobFilter;
  /** How many jobs each filter holds; null while read. */
  counts: Record<JobFilter, number> | null;
  onSelect: (filter: JobFilter) => void;
}

/** Which jobs the queue shows: not sent (the default), waiting, needing attention, or sent. */
export function JobFilterChips({ filter, counts, onSelect }: JobFilterChipsProps) {
  const t = useT();
  return (
    <Stack direction="row" role="group" aria-label={t('outbox.filter.label')} sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {(Object.keys(JOB_FILTERS) as JobFilter[]).map((each) => (
        <Chip
          key={each}
          label={t(LABELS[each], { count: counts?.[each] ?? '…' })}
          color={each === 'attention' && (counts?.attention ?? 0) > 0 ? 'error' : 'primary'}
          variant={each === filter ? 'filled' : 'outlined'}
          aria-pressed={each === filter}
          onClick={() => onSelect(each)}
          sx={{ height: 40, borderRadius: 20 }}
        />
      ))}
    </Stack>
  );
}
