import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useState, type FormEvent } from 'react';
import { useT } from '@/features/access/messages';
import { isFlatNumFilter, type BlockedFilterKey } from '../model';
import { PlainField } from './plain-field';

type FilterValues = Record<BlockedFilterKey, string>;

const FIELD_COLUMN = { gridColumn: { xs: '1 / -1', sm: 'auto' } } as const;

interface BlockedFlatsFiltersProps {
  filters: FilterValues;
  onApply: (filters: FilterValues) => void;
  onClear: () => void;
}

/** Address, house uid and flat number; applied on «Найти» or Enter (the list then starts at page 1). */
export function BlockedFlatsFilters({ filters, onApply, onClear }: BlockedFlatsFiltersProps) {
  const t = useT();
  const [values, setValues] = useState(filters);
  const [shown, setShown] = useState(filters);
  const [flatNumError, setFlatNumError] = useState<string | null>(null);
  if (shown !== filters) {
    // The URL changed (a link, back, «Сбросить»): the fields follow it.
    setShown(filters);
    setValues(filters);
    setFlatNumError(null);
  }
  const set = (key: BlockedFilterKey) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isFlatNumFilter(values.flatNum)) {
      setFlatNumError(t('access.blocked.filter.flatNumError'));
      return;
    }
    setFlatNumError(null);
    onApply({ address: values.address.trim(), houseUid: values.houseUid.trim(), flatNum: values.flatNum.trim() });
  };
  return (
    <Paper
      component="form"
      role="search"
      variant="outlined"
      noValidate
      onSubmit={submit}
      sx={{
        p: 2,
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: '3fr 2fr 1fr auto auto' },
        alignItems: 'start',
      }}
    >
      {/* A phone: a field a row, the two buttons side by side; a tablet: the address alone, then the rest. */}
      <PlainField label={t('access.blocked.filter.address')} value={values.address} onChange={set('address')} sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }} />
      <PlainField label={t('access.blocked.filter.houseUid')} value={values.houseUid} onChange={set('houseUid')} sx={FIELD_COLUMN} />
      <PlainField label={t('access.blocked.filter.flatNum')} value={values.flatNum} onChange={set('flatNum')} numeric error={flatNumError ?? undefined} sx={FIELD_COLUMN} />
      <Button type="submit" variant="contained" sx={{ height: 40 }}>
        {t('access.blocked.filter.apply')}
      </Button>
      <Button type="button" onClick={onClear} sx={{ height: 40 }}>
        {t('access.blocked.filter.reset')}
      </Button>
    </Paper>
  );
}
