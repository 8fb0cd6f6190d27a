import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useT } from '@/features/access/messages';
import { FLAT_NUM_PATTERN, type BlockedFilterKey } from '../model';

type FilterValues = Record<BlockedFilterKey, string>;

interface BlockedFlatsFiltersProps {
  filters: FilterValues;
  onApply: (filters: FilterValues) => void;
  onClear: () => void;
}

/** Address, house uid and flat number; applied on «Найти» or Enter (the list then starts at page 1). */
export function BlockedFlatsFilters({ filters, onApply, onClear }: BlockedFlatsFiltersProps) {
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FilterValues>({ values: filters });
  const flatNumRule = (value: string) => value.trim() === '' || (FLAT_NUM_PATTERN.test(value.trim()) && Number(value) > 0) || t('access.blocked.filter.flatNumError');
  return (
    <Paper
      component="form"
      role="search"
      variant="outlined"
      noValidate
      onSubmit={handleSubmit((values) => onApply({ address: values.address.trim(), houseUid: values.houseUid.trim(), flatNum: values.flatNum.trim() }))}
      sx={{
        p: 2,
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '3fr 2fr 1fr auto auto' },
        alignItems: 'start',
      }}
    >
      <TextField {...register('address')} label={t('access.blocked.filter.address')} sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }} />
      <TextField {...register('houseUid')} label={t('access.blocked.filter.houseUid')} />
      <TextField
        {...register('flatNum', { validate: flatNumRule })}
        label={t('access.blocked.filter.flatNum')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(errors.flatNum)}
        helperText={errors.flatNum?.message}
      />
      <Button type="submit" variant="contained" sx={{ height: 40 }}>
        {t('access.blocked.filter.apply')}
      </Button>
      <Button type="button" onClick={onClear} sx={{ height: 40 }}>
        {t('access.blocked.filter.reset')}
      </Button>
    </Paper>
  );
}
