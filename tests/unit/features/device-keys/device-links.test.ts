import { describe, expect, it } from 'vitest';
import { allowedDeviceLinks } from '@/features/device-card/components/device-links-section';
import { authItems } from '../../helpers/render';

// The capabilities server/devices/capabilities.ts gives an ISCOM_X1 (analogue: power, dialings) and an IP camera panel.
const ISCOM = {
  mac: 'E4:5A:D4:00:00:06',
  capabilities: ['keys', 'codes', 'history', 'firmware', 'commutators', 'power', 'dialings', 'levels', 'rs485', 'rsKeys', 'camera'],
};
const CAMERA = { mac: 'E4:5A:D4:00:00:07', capabilities: ['keys', 'codes', 'history', 'firmware', 'camera'] };

const paths = (device: typeof ISCOM, roles: string[], permissions: string[] = []) =>
  allowedDeviceLinks(device, { roles: authItems(...roles), permissions: authItems(...permissions) }).map((link) => link.path(device.mac));

describe('the device card links to the device’s screens', () => {
  it('offers keys, RS keys, door codes, the matrix, history, voltage and call rounds where the device can do them', () => {
    const mac = encodeURIComponent(ISCOM.mac);
    expect(paths(ISCOM, ['management'], ['KEYS_LIST_PERMISSION'])).toEqual([
      `/devices/${mac}/keys`,
      `/devices/${mac}/rs-keys`,
      `/devices/${mac}/codes`,
      `/devices/${mac}/commutators`,
      `/devices/history?macs=${mac}`,
      `/devices/${mac}/power`,
      `/dialings/${mac}`,
    ]);
    const camera = encodeURIComponent(CAMERA.mac);
    // An IP panel has no supply voltage reading and places no handset call rounds.
    expect(paths(CAMERA, ['management'])).toEqual([`/devices/${camera}/keys`, `/devices/${camera}/codes`, `/devices/history?macs=${camera}`]);
  });

  it('offers only what the user may open: support reads them all, the installer the matrix and the device’s events', () => {
    expect(paths(ISCOM, ['support'])).toHaveLength(7);
    const mac = encodeURIComponent(ISCOM.mac);
    expect(paths(ISCOM, ['adjuster'])).toEqual([`/devices/${mac}/commutators`, `/devices/history?macs=${mac}`, `/devices/${mac}/power`, `/dialings/${mac}`]);
    expect(paths(CAMERA, ['adjuster'])).toEqual([`/devices/history?macs=${encodeURIComponent(CAMERA.mac)}`]);
  });
});
