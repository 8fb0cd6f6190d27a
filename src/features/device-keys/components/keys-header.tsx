import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { deviceTypeName, type Device } from '@contract/devices';
import { StatusChip } from '@/components/status-chip';
import { deviceCardPath, deviceKeysPath, deviceRsKeysPath } from '@/lib/device-paths';
import { useT } from '../messages';

interface KeysHeaderProps {
  mac: string;
  rs: boolean;
  device: Device | null;
  live: boolean | null;
  address: string | null;
  /** The main action (add a key), on the right. */
  actions?: ReactNode;
}

/** The device the keys are on (MAC, type, address, online or not), the way back to its card and to its other keys. */
export function KeysHeader({ mac, rs, device, live, address, actions }: KeysHeaderProps) {
  const t = useT();
  const shownMac = device?.mac ?? mac;
  // The panel's keys lead to the RS keys only where the device has RS485 controllers with keys.
  const other = rs ? { to: deviceKeysPath(shownMac), label: t('deviceKeys.toKeys') } : device?.capabilities.includes('rsKeys') ? { to: deviceRsKeysPath(shownMac), label: t('deviceKeys.toRsKeys') } : null;
  return (
    <Box component="header" sx={{ mb: 2, display: 'grid', gap: 1 }}>
      <Box component="nav" aria-label={t('deviceKeys.otherScreens')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button component={RouterLink} to={deviceCardPath(shownMac)} startIcon={<ArrowBackIcon />} sx={{ minHeight: 44 }}>
          {t('deviceKeys.back')}
        </Button>
        {other && (
          <Button component={RouterLink} to={other.to} variant="outlined" sx={{ minHeight: 44 }}>
            {other.label}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h1" sx={{ flex: 1, minWidth: 220, fontSize: { xs: '1.4rem', sm: '1.75rem' }, overflowWrap: 'anywhere' }}>
          {t(rs ? 'deviceKeys.rs.title' : 'deviceKeys.title', { mac: shownMac })}
        </Typography>
        {actions}
      </Box>
      {device && (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
          {live !== null && <StatusChip tone={live ? 'good' : 'off'}>{t(live ? 'deviceKeys.live.online' : 'deviceKeys.live.offline')}</StatusChip>}
          <Typography variant="body2" color="text.secondary">
            {t('deviceKeys.device.type', { type: deviceTypeName(device.type) ?? String(device.type) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {address ?? t('deviceKeys.device.noAddress')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
