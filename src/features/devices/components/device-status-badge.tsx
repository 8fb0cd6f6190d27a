import Chip from '@mui/material/Chip';
import { useT } from '@/features/devices/messages';
import { isKnownStatus, statusTone } from '../model';

/** The device's status code (only 3, reset, is the spec's: the others are ours). */
export function DeviceStatusBadge({ code }: { code: number }) {
  const t = useT();
  const label = isKnownStatus(code) ? t(`devices.status.${code}`) : t('devices.status.unknown', { code });
  return <Chip size="small" variant="outlined" color={statusTone(code)} label={label} />;
}
