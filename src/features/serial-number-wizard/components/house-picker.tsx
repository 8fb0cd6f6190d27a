import Clear from '@mui/icons-material/Clear';
import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent } from 'react';
import { useT } from '@/features/serial-number-wizard/messages';
import type { HouseChoice } from '../use-wizard-places';
import { FieldShell } from './fields';

interface HousePickerProps {
  options: readonly HouseChoice[];
  value: HouseChoice | null;
  onChange: (house: HouseChoice | null) => void;
  onSearch: (text: string) => void;
  loading: boolean;
  disabled: boolean;
  offline: boolean;
  error?: string;
  helper?: string;
}

/** A phone screen shows about this many; the rest are a few more letters away. */
const MAX_SHOWN = 30;

/** Typed text is matched in the address, and also in the FIAS id and uid (pasted from elsewhere). */
export function matchHouses(options: readonly HouseChoice[], query: string): HouseChoice[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const text = `${option.address} ${option.fias ?? ''} ${option.uid}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * The searchable house select (spec §2), as an ARIA combobox whose list opens in the page flow
 * rather than a popper: on a phone the list is where the thumb is, and the route stays light.
 * Houses taken offline are marked; a house without a FIAS id is listed but cannot be chosen.
 */
export function HousePicker({ options, value, onChange, onSearch, loading, disabled, offline, error, helper }: HousePickerProps) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = matchHouses(options, query).slice(0, MAX_SHOWN);
  const activeIndex = Math.min(active, shown.length - 1);

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  const choose = (option: HouseChoice) => {
    if (option.fias === null) return;
    onChange(option);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (shown.length === 0 ? 0 : (Math.min(current, shown.length - 1) + step + shown.length) % shown.length));
    } else if (event.key === 'Enter' && open) {
      // Choosing a house must not submit the wizard's form (which moves to the next step).
      event.preventDefault();
      if (shown[activeIndex]) choose(shown[activeIndex]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const helperText = error ?? helper;
  return (
    <Box>
      <FieldShell id={id} label={t('serialWizard.field.house')} required disabled={disabled} error={error !== undefined} helperText={helperText}>
        <OutlinedInput
          id={id}
          value={open ? query : (value?.address ?? '')}
          placeholder={open ? value?.address : undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
            onSearch(event.target.value);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          label={t('serialWizard.field.house')}
          notched
          autoComplete="off"
          inputProps={{
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': open,
            'aria-controls': listId,
            'aria-activedescendant': open && shown[activeIndex] ? `${listId}-${activeIndex}` : undefined,
            'aria-describedby': helperText ? `${id}-helper` : undefined,
            autoCapitalize: 'off',
            spellCheck: false,
          }}
          endAdornment={
            value && !disabled ? (
              <IconButton
                aria-label={t('select.clear')}
                title={t('select.clear')}
                edge="end"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onChange(null);
                  close();
                }}
              >
                <Clear />
              </IconButton>
            ) : undefined
          }
        />
      </FieldShell>
      {open && (
        <Paper
          component="ul"
          role="listbox"
          id={listId}
          aria-label={t('serialWizard.field.house')}
          variant="outlined"
          // The input keeps the focus: a press on an option must not blur it first.
          onMouseDown={(event) => event.preventDefault()}
          sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0.5, maxHeight: 320, overflowY: 'auto' }}
        >
          {shown.length === 0 && (
            <Typography component="li" variant="body2" color="text.secondary" sx={{ px: 1.5, py: 1.5 }}>
              {loading ? t('select.loading') : offline ? t('serialWizard.house.noneOffline') : t('select.noOptions')}
            </Typography>
          )}
          {shown.map((option, index) => {
            const unavailable = option.fias === null;
            return (
              <Box
                component="li"
                key={option.uid || option.fias}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={value !== null && option.uid === value.uid}
                aria-disabled={unavailable || undefined}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(index)}
                sx={{
                  px: 1.5,
                  py: 1.25,
                  minHeight: 48,
                  borderRadius: 1,
                  cursor: unavailable ? 'default' : 'pointer',
                  opacity: unavailable ? 0.6 : 1,
                  bgcolor: index === activeIndex ? 'action.hover' : undefined,
                }}
              >
                <Typography variant="body1">{option.address}</Typography>
                {unavailable ? (
                  <Typography variant="caption" color="text.secondary">
                    {t('serialWizard.house.noFias')}
                  </Typography>
                ) : (
                  option.savedAt !== null && (
                    <Typography variant="caption" color="success.main" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                      <OfflinePinOutlined sx={{ fontSize: 14 }} />
                      {t('serialWizard.house.savedOffline')}
                    </Typography>
                  )
                )}
              </Box>
            );
          })}
        </Paper>
      )}
    </Box>
  );
}
