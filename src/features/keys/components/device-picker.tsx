import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { HouseTypeahead } from '@/components/house-typeahead/house-typeahead';
import { OutlinedField } from '@/components/outlined-field';
import { errorMessage } from '@/lib/http';
import { useT } from '../messages';
import { addMacs } from '../model';
import { keyQueries } from '../queries';

interface DevicePickerProps {
  macs: readonly string[];
  onChange: (macs: string[]) => void;
  /** What was typed in the MAC field and not added yet (kept with the draft). */
  macText: string;
  onMacText: (text: string) => void;
  error?: string;
  disabled?: boolean;
}

/** The devices a key goes to: MACs typed or pasted (normalised), or ticked among a house's devices found by its address. */
export function DevicePicker({ macs, onChange, macText, onMacText, error, disabled }: DevicePickerProps) {
  const t = useT();
  const [unreadable, setUnreadable] = useState<string[]>([]);
  const [house, setHouse] = useState<{ id: string; address: string } | null>(null);
  const houseMacs = useQuery({ ...keyQueries.houseMacs(house?.id ?? ''), enabled: house !== null });

  const addTyped = () => {
    const added = addMacs(macs, macText.split(/[\s,;]+/));
    setUnreadable(added.unreadable);
    onChange(added.macs);
    onMacText(added.unreadable.join(' '));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter adds the MAC rather than sending the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      addTyped();
    }
  };
  const toggle = (mac: string) => onChange(macs.includes(mac) ? macs.filter((other) => other !== mac) : [...macs, mac]);

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('keys.create.devices')}
      </Typography>
      <Box component="ul" aria-label={t('keys.create.devices')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {macs.length === 0 && (
          <Typography component="li" variant="body2" color={error ? 'error' : 'text.secondary'}>
            {error ?? t('keys.create.devicesNone')}
          </Typography>
        )}
        {macs.map((mac) => (
          <Box component="li" key={mac} sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 4, pl: 1.5, fontFamily: 'monospace', fontSize: '0.8125rem' }}>
            {mac}
            <IconButton size="small" aria-label={t('keys.create.removeMac', { mac })} disabled={disabled} onClick={() => onChange(macs.filter((other) => other !== mac))}>
              <Close fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} onKeyDown={onKeyDown}>
        <OutlinedField
          name="mac"
          code
          size="small"
          value={macText}
          onChange={(event) => onMacText(event.target.value)}
          label={t('keys.create.mac')}
          helperText={t('keys.create.macHint')}
          error={unreadable.length > 0 ? t('keys.create.macInvalid', { text: unreadable.join(', ') }) : undefined}
          disabled={disabled}
        />
        <Button variant="outlined" aria-label={t('keys.create.addMac.label')} onClick={addTyped} disabled={disabled || macText.trim() === ''} sx={{ height: 40, flexShrink: 0 }}>
          {t('keys.create.addMac')}
        </Button>
      </Box>
      <HouseTypeahead
        label={t('keys.create.house')}
        size="small"
        value={house?.address ?? null}
        onPick={(hit) => setHouse({ id: hit.id, address: hit.address })}
        onClear={() => setHouse(null)}
        helper={house ? undefined : t('keys.create.houseHint')}
        disabled={disabled}
      />
      {house && (
        <Box role="group" aria-label={t('keys.create.houseMacs.label', { address: house.address })}>
          {houseMacs.isPending && <FormHelperText>{t('keys.create.houseMacs.loading')}</FormHelperText>}
          {houseMacs.error && <Alert severity="error">{t('keys.create.houseMacs.error', { error: errorMessage(houseMacs.error) })}</Alert>}
          {houseMacs.data?.length === 0 && <FormHelperText>{t('keys.create.houseMacs.none')}</FormHelperText>}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {houseMacs.data?.map((mac) => (
              <FormControlLabel
                key={mac}
                control={<Checkbox size="small" checked={macs.includes(mac)} onChange={() => toggle(mac)} disabled={disabled} />}
                label={mac}
                slotProps={{ typography: { sx: { fontFamily: 'monospace', fontSize: '0.875rem' } } }}
              />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
