import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import type { Device } from '@contract/devices';
import { ACCESS_RULES, type Access } from '@/app/access-rules';
import { useT, type FeatureMessageKey } from '@/features/device-card/messages';
import { deviceHistoryPath, dialingsPath } from '@/lib/device-paths';
import { useSession } from '@/lib/session';

/** A screen of the device's own, offered where the device can do it and the user may open it. */
export interface DeviceScreenLink {
  /** The device capability it needs (server/devices/capabilities.ts). */
  capability: string;
  path: (mac: string) => string;
  label: FeatureMessageKey;
  /** The app's rule for the route (src/app/access-rules.ts). */
  rule: keyof typeof ACCESS_RULES;
}

const devicePath = (screen: string) => (mac: string) => `/devices/${encodeURIComponent(mac)}/${screen}`;

export const DEVICE_SCREEN_LINKS: readonly DeviceScreenLink[] = [
  { capability: 'keys', path: devicePath('keys'), label: 'card.links.keys', rule: 'deviceKeys' },
  { capability: 'rsKeys', path: devicePath('rs-keys'), label: 'card.links.rsKeys', rule: 'deviceKeys' },
  { capability: 'codes', path: devicePath('codes'), label: 'card.links.codes', rule: 'deviceKeys' },
  { capability: 'commutators', path: devicePath('commutators'), label: 'card.links.commutators', rule: 'devices' },
  // The event history of this device, its supply voltage and the calls it placed.
  { capability: 'history', path: (mac) => deviceHistoryPath([mac]), label: 'card.links.history', rule: 'devices' },
  { capability: 'power', path: devicePath('power'), label: 'card.links.power', rule: 'devices' },
  { capability: 'dialings', path: (mac) => dialingsPath(mac), label: 'card.links.dialings', rule: 'devices' },
];

/** The links the device and the user both allow, in the list's order. */
export function allowedDeviceLinks(device: Pick<Device, 'capabilities'>, access: Access): DeviceScreenLink[] {
  return DEVICE_SCREEN_LINKS.filter((link) => device.capabilities.includes(link.capability) && ACCESS_RULES[link.rule].allows(access));
}

/** The device's keys, RS keys, door codes, commutation matrix, history, voltage and call rounds, as links under the card's summary. */
export function DeviceLinksSection({ device }: { device: Pick<Device, 'mac' | 'capabilities'> }) {
  const t = useT();
  const session = useSession();
  const links = allowedDeviceLinks(device, session);
  if (links.length === 0) return null;
  return (
    <Box component="nav" aria-label={t('card.links')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {links.map((link) => (
        <Button key={link.capability} component={RouterLink} to={link.path(device.mac)} variant="outlined" sx={{ minHeight: 44 }}>
          {t(link.label)}
        </Button>
      ))}
    </Box>
  );
}
