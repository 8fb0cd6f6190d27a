import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useT } from '../messages';
import { joinMacs, splitMacs } from '../model';

interface MacChipsFieldProps {
  /** The chosen MACs, comma-separated (the filter's value). */
  value: string;
  onChange: (value: string) => void;
  /** MACs to offer as the user types (those on the page, those chosen). */
  options: readonly string[];
  /** The filter's own problem (a hand-edited URL). */
  error?: string;
}

/**
 * The devices filter: MACs as chips, typed or pasted (Enter, a comma or a space adds one; leaving the
 * field adds what was typed), or picked among the MACs offered; each normalised, an unreadable one said.
 */
export function MacChipsField({ value, onChange, options, error }: MacChipsFieldProps) {
  const t = useT();
  const macs = splitMacs(value).macs;
  const [input, setInput] = useState('');
  const [unreadable, setUnreadable] = useState<string[]>([]);

  const add = (texts: readonly string[], rest = '') => {
    const next = splitMacs([...macs, ...texts].join(','));
    setUnreadable(next.unreadable);
    setInput(rest === '' ? next.unreadable.join(' ') : rest);
    onChange(joinMacs(next.macs));
  };

  const problem = unreadable.length > 0 ? t('history.filter.macInvalid', { text: unreadable.join(', ') }) : error;
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      filterSelectedOptions
      options={[...new Set([...macs, ...options])]}
      value={macs}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'input') return;
        // A separator typed or pasted: what is before it becomes chips.
        const parts = text.split(/[\s,;]+/);
        if (parts.length > 1) add(parts.slice(0, -1), parts[parts.length - 1]);
        else setInput(text);
      }}
      onChange={(_event, chosen) => {
        const next = splitMacs(chosen.join(','));
        setUnreadable(next.unreadable);
        setInput(next.unreadable.join(' '));
        onChange(joinMacs(next.macs));
      }}
      slotProps={{ chip: { size: 'small', sx: { fontFamily: 'monospace' } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          name="macs"
          size="small"
          label={t('history.filter.macs')}
          error={Boolean(problem)}
          helperText={problem ?? t('history.filter.macsHint')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, spellCheck: false, autoCapitalize: 'off' } }}
        />
      )}
    />
  );
}
