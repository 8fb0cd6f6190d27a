import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { AddressLookup } from '@contract/adjuster';
import { useT } from '@/features/serial-number-wizard/messages';

/** Wizard address result: address, entrance number and FIAS id, each possibly empty. */
export function AddressResult({ result }: { result: AddressLookup }) {
  const t = useT();
  const titleId = useId();
  const rows = [
    [t('serialWizard.result.address'), result.address],
    [t('serialWizard.result.entranceNum'), result.entranceNum === null ? null : String(result.entranceNum)],
    [t('serialWizard.result.fiasId'), result.fiasId],
  ] as const;
  return (
    <Box role="group" aria-labelledby={titleId} sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography id={titleId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('serialWizard.result.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value ?? t('serialWizard.result.empty')}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
