import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import { deviceCardPath } from '@/lib/device-paths';


/**
 * A device's MAC opening its card, drawn as an outlined pill (without Chip's code: the housing
 * routes' budget); `label` names the link. It wraps rather than widen a phone screen.
 */
export function DeviceMacChip({ mac, suffix, label }: { mac: string; suffix?: string; label: string }) {
  return (
    <Box
      component={RouterLink}
      to={deviceCardPath(mac)}
      aria-label={label}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        maxWidth: '100%',
        minHeight: 32,
        px: 1.5,
        py: 0.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 4,
        color: 'text.primary',
        textDecoration: 'none',
        fontFamily: 'monospace',
        fontSize: '0.8125rem',
        overflowWrap: 'anywhere',
        '&:hover': { bgcolor: 'action.hover' },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      {suffix ? `${mac} · ${suffix}` : mac}
    </Box>
  );
}
