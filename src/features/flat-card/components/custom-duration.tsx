import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '../messages';
import type { DurationUnit } from '../model';
import type { useTemporaryCode } from '../use-temporary-code';

/** A duration of so many hours or days, for the temporary code. */
export function CustomDuration({ code }: { code: ReturnType<typeof useTemporaryCode> }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <TextField
        size="small"
        label={t('flat.code.amount')}
        value={code.amount}
        onChange={(event) => code.setAmount(event.target.value)}
        error={code.duration === null}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: 96 }}
      />
      <TextField
        select
        size="small"
        label={t('flat.code.unit')}
        value={code.unit}
        onChange={(event) => code.setUnit(event.target.value as DurationUnit)}
        sx={{ width: 110 }}
      >
        <MenuItem value="hours">{t('flat.code.unit.hours')}</MenuItem>
        <MenuItem value="days">{t('flat.code.unit.days')}</MenuItem>
      </TextField>
    </Box>
  );
}
