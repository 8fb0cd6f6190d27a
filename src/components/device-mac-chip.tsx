import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router-dom';

export function deviceCardPath(mac: string): string {
  return `/devices/${encodeURIComponent(mac)}/update`;
}

/** A device's MAC opening its card; `label` names the link. It wraps rather than widen a phone screen. */
export function DeviceMacChip({ mac, suffix, label }: { mac: string; suffix?: string; label: string }) {
  return (
    <Chip
      component={RouterLink}
      to={deviceCardPath(mac)}
      clickable
      variant="outlined"
      aria-label={label}
      label={suffix ? `${mac} · ${suffix}` : mac}
      sx={{ fontFamily: 'monospace', maxWidth: '100%', height: 'auto', minHeight: 32, '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5 } }}
    />
  );
}
