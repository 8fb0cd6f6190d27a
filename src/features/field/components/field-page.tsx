import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/page-header';
import { StatusChip } from '@/components/status-chip';
import { useT } from '../messages';
import { useFieldList, type FieldListModel } from '../use-field-list';
import { FieldFilters } from './field-filters';
import { FieldList } from './field-list';

/** `/field`: every installer of the scope with their queue's last summary (docs/api.md "Field"). */
export function FieldPage() {
  const t = useT();
  const model = useFieldList();
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'grid', gap: 2, minWidth: 0 }}>
      <PageHeader title={t('field.title')} />
      <Typography color="text.secondary">{t('field.intro')}</Typography>
      <Totals model={model} />
      <Box>
        <FieldFilters key={JSON.stringify(model.list.filters)} model={model} />
        <FieldList model={model} />
      </Box>
    </Box>
  );
}

function Totals({ model }: { model: FieldListModel }) {
  const t = useT();
  const totals = model.totals;
  if (!totals) return null;
  return (
    <Box component="section" aria-label={t('field.totals')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <StatusChip tone="good">{t('field.total.installers', { count: totals.installers })}</StatusChip>
      <StatusChip tone={totals.needsAttention > 0 ? 'bad' : 'good'}>{t('field.total.attention', { count: totals.needsAttention })}</StatusChip>
      <StatusChip tone="off">{t('field.total.stale', { days: model.staleDays, count: totals.stale })}</StatusChip>
      <StatusChip tone="off">{t('field.total.storage', { count: totals.storageNotPersistent })}</StatusChip>
    </Box>
  );
}
