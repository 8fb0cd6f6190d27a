import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useState, type KeyboardEvent } from 'react';
import { useT } from '../messages';
import { joinMacs, splitMacs } from '../model';

interface MacChipsFieldProps {
  /** The chosen MACs, comma-separated (the filter's value). */
  value: string;
  onChange: (value: string) => void;
  /** MACs offered as the user types (those on the page): the browser's own list, no picker code to load. */
  options: readonly string[];
  /** The filter's own problem (a hand-edited URL). */
  error?: string;
}

/**
 * The devices filter: MACs as chips, typed or pasted (Enter, a comma or a space adds one; leaving the
 * field adds what was typed), or picked among the MACs offered; each normalised, an unreadable one said.
 * Built of the outlined input rather than Autocomplete: the route's 250 KB budget.
 */
export function MacChipsField({ value, onChange, options, error }: MacChipsFieldProps) {
  const t = useT();
  const id = useId();
  const macs = splitMacs(value).macs;
  const [input, setInput] = useState('');
  const [unreadable, setUnreadable] = useState<string[]>([]);

  /** Adds what `texts` hold; `rest` stays typed (the text after the last separator). */
  const add = (texts: readonly string[], rest = '') => {
    const next = splitMacs([...macs, ...texts].join(','));
    setUnreadable(next.unreadable);
    setInput([...next.unreadable, rest].filter(Boolean).join(' '));
    if (joinMacs(next.macs) !== value) onChange(joinMacs(next.macs));
  };
  const type = (text: string) => {
    const parts = text.split(/[\s,;]+/);
    // A separator typed or pasted, or a MAC picked from the browser's list: it becomes a chip.
    if (parts.length > 1) add(parts.slice(0, -1), parts[parts.length - 1]);
    else if (options.includes(text)) add([text]);
    else setInput(text);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && input.trim() !== '') {
      // Enter adds the MAC rather than sending the form.
      event.preventDefault();
      add([input]);
    } else if (event.key === 'Backspace' && input === '' && macs.length > 0) {
      onChange(joinMacs(macs.slice(0, -1)));
    }
  };
  const remove = (mac: string) => onChange(joinMacs(macs.filter((other) => other !== mac)));

  const problem = unreadable.length > 0 ? t('history.filter.macInvalid', { text: unreadable.join(', ') }) : error;
  return (
    <FormControl fullWidth size="small" error={Boolean(problem)}>
      <InputLabel htmlFor={id} shrink>
        {t('history.filter.macs')}
      </InputLabel>
      <OutlinedInput
        id={id}
        name="macs"
        label={t('history.filter.macs')}
        notched
        value={input}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => input.trim() !== '' && add([input])}
        autoComplete="off"
        sx={{ flexWrap: 'wrap', gap: 0.5, py: macs.length > 0 ? 0.5 : 0, pl: macs.length > 0 ? 0.75 : undefined }}
        startAdornment={macs.map((mac) => (
          <Box
            key={mac}
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 4, pl: 1, fontFamily: 'monospace', fontSize: '0.8125rem', maxWidth: '100%' }}
          >
            {mac}
            <IconButton size="small" aria-label={t('history.filter.removeMac', { mac })} onClick={() => remove(mac)} sx={{ p: 0.25, ml: 0.25 }}>
              <Close sx={{ fontSize: 16 }} />
            </IconButton>
          </Box>
        ))}
        inputProps={{ list: `${id}-macs`, spellCheck: false, autoCapitalize: 'off', 'aria-describedby': `${id}-helper`, style: { minWidth: 120, flex: 1 } }}
      />
      <datalist id={`${id}-macs`}>
        {options
          .filter((mac) => !macs.includes(mac))
          .map((mac) => (
            <option key={mac} value={mac} />
          ))}
      </datalist>
      <FormHelperText id={`${id}-helper`}>{problem ?? t('history.filter.macsHint')}</FormHelperText>
    </FormControl>
  );
}
