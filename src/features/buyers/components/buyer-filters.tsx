import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useState, type FormEvent } from 'react';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { useT } from '@/features/buyers/messages';
import type { BuyerFilterKey } from '../model';

type FilterValues = Record<BuyerFilterKey, string>;

interface BuyerFiltersProps {
  filters: FilterValues;
  onApply: (filters: FilterValues) => void;
  onClear: () => void;
}

/** A part of the name and the state; the name applies on «Найти» or Enter (no request per key), the state at once. */
export function BuyerFilters({ filters, onApply, onClear }: BuyerFiltersProps) {
  const t = useT();
  const [name, setName] = useState(filters.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...filters, name: name.trim() });
  };
  return (
    <Paper
      component="form"
      role="search"
      aria-label={t('buyers.title')}
      variant="outlined"
      noValidate
      onSubmit={submit}
      sx={{ p: 2, mb: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr', md: '3fr 1fr auto auto' }, alignItems: 'start' }}
    >
      <OutlinedField name="name" type="search" value={name} onChange={(event) => setName(event.target.value)} label={t('buyers.filter.name')} size="small" />
      <OutlinedSelect name="active" value={filters.active} onChange={(event) => onApply({ name: name.trim(), active: event.target.value })} label={t('buyers.filter.active')} size="small">
        <option value="">{t('buyers.filter.active.all')}</option>
        <option value="1">{t('buyers.filter.active.yes')}</option>
        <option value="0">{t('buyers.filter.active.no')}</option>
      </OutlinedSelect>
      <Button type="submit" variant="contained" sx={{ height: 40 }}>
        {t('buyers.filter.apply')}
      </Button>
      <Button type="button" onClick={onClear} sx={{ height: 40 }}>
        {t('buyers.filter.reset')}
      </Button>
    </Paper>
  );
}
