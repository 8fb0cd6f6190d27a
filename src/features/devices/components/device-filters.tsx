import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { DEVICE_STATUS_CODES } from '@contract/devices';
import { SearchableSelect } from '@/components/searchable-select';
import { useT } from '@/features/devices/messages';
import { DATE_FILTER_KEYS, TYPE_OPTIONS, foldedFilterCount, macPart, type DeviceFilterKey, type DeviceFilters as Filters } from '../model';
import type { FilterOptions } from '../use-filter-options';

// The pickers (and date-fns) load only when the dates are opened, so they never hold up the first page.
const DeviceDateFilters = lazy(() => import('./device-date-filters').then((module) => ({ default: module.DeviceDateFilters })));

interface DeviceFiltersProps {
  filters: Filters;
  options: FilterOptions;
  onChange: (filters: Partial<Filters>) => void;
  onClear: () => void;
}

/**
 * Device list filters. Selects and dates apply as soon as they change; the MAC applies on
 * "Найти" or Enter, so typing does not flood the server. A phone shows the MAC and folds the rest
 * under «Фильтры», which counts those set, so the first devices are on the first screen.
 */
export function DeviceFilters({ filters, options, onChange, onClear }: DeviceFiltersProps) {
  const t = useT();
  const [mac, setMac] = useState(filters.mac);
  const [macError, setMacError] = useState(false);
  // Back/forward and "Сбросить" change the URL: the field follows it.
  const [urlMac, setUrlMac] = useState(filters.mac);
  if (urlMac !== filters.mac) {
    setUrlMac(filters.mac);
    setMac(filters.mac);
    setMacError(false);
  }
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [othersWanted, setOthersOpen] = useState(false);
  const othersOpen = !phone || othersWanted;
  const folded = foldedFilterCount(filters);
  const hasDates = DATE_FILTER_KEYS.some((key) => filters[key] !== '');
  const [datesWanted, setDatesOpen] = useState(false);
  // On a phone «Фильтры» unfolds the dates too: one button fewer in a narrow row.
  const datesOpen = datesWanted || hasDates || (phone && othersWanted);

  const set = (key: DeviceFilterKey) => (value: string | null) => onChange({ [key]: value ?? '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const part = macPart(mac.trim());
    if (part === null) {
      setMacError(true);
      return;
    }
    setMacError(false);
    onChange({ mac: part });
  };

  return (
    <Paper
      component="form"
      role="search"
      aria-label={t('devices.title')}
      variant="outlined"
      noValidate
      onSubmit={submit}
      sx={{
        p: 2,
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1.2fr 2fr 1fr 1.6fr 1.4fr' },
        alignItems: 'start',
      }}
    >
      <TextField
        label={t('devices.filter.mac')}
        size="small"
        value={mac}
        onChange={(event) => setMac(event.target.value)}
        error={macError}
        helperText={macError ? t('devices.filter.error.mac') : undefined}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
      />
      {othersOpen && (
        <>
          <SearchableSelect
            label={t('devices.filter.house')}
            options={options.houses}
            value={filters.houseUid || null}
            onChange={set('houseUid')}
            loading={options.housesLoading}
          />
          <TextField select label={t('devices.filter.status')} size="small" value={filters.status} onChange={(event) => set('status')(event.target.value)}>
            <MenuItem value="">{t('devices.filter.unset')}</MenuItem>
            {DEVICE_STATUS_CODES.map((code) => (
              <MenuItem key={code} value={String(code)}>
                {t(`devices.status.${code}`)}
              </MenuItem>
            ))}
          </TextField>
          {options.companies ? (
            <SearchableSelect
              label={t('devices.filter.mc')}
              options={options.companies}
              value={filters.mcId || null}
              onChange={set('mcId')}
              loading={options.companiesLoading}
            />
          ) : options.companiesAllowed || filters.mcId !== '' ? (
            <McNumberField value={filters.mcId} onApply={set('mcId')} label={t('devices.filter.mcId')} />
          ) : null}
          <SearchableSelect label={t('devices.filter.type')} options={TYPE_OPTIONS} value={filters.type || null} onChange={set('type')} />
          {datesOpen && (
            <Box sx={DATE_ROW}>
              <Suspense fallback={<DateSkeletons />}>
                <DeviceDateFilters filters={filters} onChange={onChange} />
              </Suspense>
            </Box>
          )}
        </>
      )}
      <Paper elevation={0} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, gridColumn: '1 / -1', justifyContent: 'flex-end' }}>
        {phone && (
          <Button type="button" onClick={() => setOthersOpen((open) => !open)} aria-expanded={othersOpen} sx={{ mr: 'auto', minHeight: 40 }}>
            {othersOpen ? t('devices.filter.others.hide') : folded > 0 ? t('devices.filter.others.active', { count: folded }) : t('devices.filter.others')}
          </Button>
        )}
        {!phone && !hasDates && (
          <Button type="button" onClick={() => setDatesOpen((open) => !open)} aria-expanded={datesOpen} sx={{ mr: 'auto', minHeight: 40 }}>
            {datesOpen ? t('devices.filter.less') : t('devices.filter.more')}
          </Button>
        )}
        <Button
          type="button"
          variant={filters.outOfSync === '1' ? 'contained' : 'outlined'}
          aria-pressed={filters.outOfSync === '1'}
          onClick={() => onChange({ outOfSync: filters.outOfSync === '1' ? '' : '1' })}
          sx={{ minHeight: 40 }}
        >
          {t('devices.filter.outOfSync')}
        </Button>
        <Button type="button" onClick={onClear} sx={{ minHeight: 40 }}>
          {t('devices.filter.reset')}
        </Button>
        <Button type="submit" variant="contained" sx={{ minHeight: 40 }}>
          {t('devices.filter.apply')}
        </Button>
      </Paper>
    </Paper>
  );
}

function DateSkeletons() {
  return DATE_FILTER_KEYS.map((key) => <Skeleton key={key} variant="rounded" height={40} />);
}

/** The four dates get a row of their own across the filter panel. */
const DATE_ROW = { gridColumn: '1 / -1', display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } } as const;

/** Where the company list cannot be had, the company is given by its number (applied on leaving the field). */
function McNumberField({ value, label, onApply }: { value: string; label: string; onApply: (value: string) => void }) {
  const [text, setText] = useState(value);
  const [urlValue, setUrlValue] = useState(value);
  if (urlValue !== value) {
    setUrlValue(value);
    setText(value);
  }
  const apply = () => {
    const clean = text.trim();
    if (/^\d*$/.test(clean) && clean !== value) onApply(clean);
  };
  return (
    <TextField
      label={label}
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value.replace(/\D/g, ''))}
      onBlur={apply}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
