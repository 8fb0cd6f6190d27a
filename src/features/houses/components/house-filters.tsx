import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { FilterForm } from '@/components/filter-form';
import { useT } from '@/features/houses/messages';
import { REGION_PATTERN, type HouseFilterKey } from '../model';

type FilterValues = Record<HouseFilterKey, string>;

interface HouseFiltersProps {
  filters: FilterValues;
  onApply: (filters: FilterValues) => void;
  onClear: () => void;
}

/** Address, houseUid, region and fias (spec §3 and ours); applied on "Найти" or Enter, so typing does not flood the server. */
export function HouseFilters({ filters, onApply, onClear }: HouseFiltersProps) {
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FilterValues>({ values: filters });
  return (
    <FilterForm
      columns="3fr 2fr 1fr 2fr auto auto"
      applyLabel={t('houses.filter.apply')}
      resetLabel={t('houses.filter.reset')}
      onSubmit={handleSubmit((values) =>
        onApply({ address: values.address.trim(), houseUid: values.houseUid.trim(), region: values.region.trim(), fias: values.fias.trim() }),
      )}
      onReset={onClear}
    >
      <TextField {...register('address')} label={t('houses.filter.address')} type="search" />
      <TextField {...register('houseUid')} label={t('houses.filter.houseUid')} />
      <TextField
        {...register('region', { validate: (value) => value.trim() === '' || REGION_PATTERN.test(value.trim()) || t('houses.create.error.regionNumber') })}
        label={t('houses.filter.region')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(errors.region)}
        helperText={errors.region?.message}
      />
      <TextField {...register('fias')} label={t('houses.filter.fias')} />
    </FilterForm>
  );
}
