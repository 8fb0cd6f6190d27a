import Clear from '@mui/icons-material/Clear';
import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent } from 'react';
import { useT } from './messages';
import { nextChoosable, type HouseHit } from './model';
import { HouseSearchStatus } from './house-search-status';
import { useHouseSearch } from './use-house-search';

export interface HouseTypeaheadProps {
  label: string;
  /** Picks a house; a multi-pick caller adds it to its list, a single one shows it as `value`. */
  onPick: (hit: HouseHit) => void;
  /** The chosen house's address, shown while the list is closed (a single pick); none for a multi-pick. */
  value?: string | null;
  /** Clears a single pick; without it there is no clear button. */
  onClear?: () => void;
  /** Houses already chosen: listed as such and not picked twice. */
  chosen?: ReadonlySet<string>;
  /** Why a house cannot be picked (a wizard needs its FIAS id), or null when it can. */
  unavailable?: (hit: HouseHit) => string | null;
  /** Houses at hand (the first pages, a look-up), offered before three characters are typed and offline. */
  local?: readonly HouseHit[];
  /** Search `local` and the houses taken offline only, as offline (the caller's server list failed). */
  localOnly?: boolean;
  /** Each change of the typed text (a caller may look a pasted FIAS id up). */
  onType?: (text: string) => void;
  /** The caller is still fetching its `local` houses. */
  loading?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  helper?: string;
  /** 'small' beside other small fields (a dialog's). */
  size?: 'small' | 'medium';
}

/**
 * Finding a house among tens of thousands: an ARIA combobox whose list opens in the
 * page flow rather than a popper (on a phone the list is where the thumb is, and the wizard routes
 * stay light). The server searches the address from three characters; offline, the houses taken
 * offline are searched, and the list says which case it is.
 */
export function HouseTypeahead({ label, onPick, value, onClear, chosen, unavailable, local, localOnly, onType, loading, disabled, required, error, helper, size }: HouseTypeaheadProps) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const search = useHouseSearch(typed, local, localOnly);
  const shown = search.hits;
  const activeIndex = Math.min(active, shown.length - 1);
  const reasonOf = (hit: HouseHit) => (chosen?.has(hit.id) ? t('houseTypeahead.chosen') : (unavailable?.(hit) ?? null));

  const close = () => {
    setOpen(false);
    setTyped('');
    onType?.('');
  };

  const choose = (hit: HouseHit) => {
    if (reasonOf(hit) !== null) return;
    onPick(hit);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => nextChoosable(shown, Math.min(current, shown.length - 1), step, (hit) => reasonOf(hit) === null));
    } else if (event.key === 'Enter' && open) {
      // Choosing a house must not submit the form around it (a wizard would move to its next step).
      event.preventDefault();
      if (shown[activeIndex]) choose(shown[activeIndex]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const busy = search.state === 'searching' || (loading ?? false);
  const helperText = error ?? helper;
  return (
    <Box>
      <FormControl fullWidth required={required} disabled={disabled} error={error !== undefined} variant="outlined" size={size}>
        <InputLabel htmlFor={id} shrink>
          {label}
        </InputLabel>
        <OutlinedInput
          id={id}
          value={open ? typed : (value ?? '')}
          placeholder={open ? (value ?? undefined) : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setActive(0);
            setOpen(true);
            onType?.(event.target.value);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          label={label}
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
            <InputAdornment position="end">
              {open && busy && <CircularProgress size={18} aria-hidden />}
              {value && onClear && !disabled && (
                <IconButton
                  aria-label={t('select.clear')}
                  title={t('select.clear')}
                  edge="end"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    onClear();
                    close();
                  }}
                >
                  <Clear />
                </IconButton>
              )}
            </InputAdornment>
          }
        />
        {helperText && <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>}
      </FormControl>
      {open && (
        <Paper
          variant="outlined"
          // The input keeps the focus: a press in the list must not blur it first.
          onMouseDown={(event) => event.preventDefault()}
          sx={{ mt: 0.5, p: 0.5 }}
        >
          <HouseSearchStatus search={search} typed={typed} hasLocal={(local?.length ?? 0) > 0} sx={{ px: 1.5, py: 1 }} />
          <Box component="ul" role="listbox" id={listId} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 320, overflowY: 'auto' }}>
            {shown.map((hit, index) => {
              const reason = reasonOf(hit);
              return (
                <Box
                  component="li"
                  key={hit.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  aria-disabled={reason !== null || undefined}
                  onClick={() => choose(hit)}
                  onMouseEnter={() => setActive(index)}
                  sx={{
                    px: 1.5,
                    py: 1,
                    minHeight: 48,
                    borderRadius: 1,
                    cursor: reason ? 'default' : 'pointer',
                    opacity: reason ? 0.6 : 1,
                    bgcolor: index === activeIndex ? 'action.hover' : undefined,
                  }}
                >
                  <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
                    {hit.address}
                  </Typography>
                  {reason ? (
                    <Typography variant="caption" color="text.secondary">
                      {reason}
                    </Typography>
                  ) : (
                    hit.savedAt !== null && (
                      <Typography variant="caption" color="success.main" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                        <OfflinePinOutlined sx={{ fontSize: 14 }} aria-hidden />
                        {t('houseTypeahead.saved')}
                      </Typography>
                    )
                  )}
                </Box>
              );
            })}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
