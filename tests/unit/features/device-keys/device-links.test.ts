import { describe, expect, it } from 'vitest';
import { allowedDeviceLinks } from '@/features/device-card/components/device-links-section';
import { authItems } from '../../helpers/render';

const ISCOM = { mac: 'E4:5A:D4:00:00:06', capabilities: ['keys', 'codes', 'history', 'firmware', 'commutators', 'rs485', 'rsKeys', 'camera'] };
const CAMERA = { mac: 'E4:5A:D4:00:00:07', capabilities: ['keys', 'codes', 'history', 'firmware', 'camera'] };

const paths = (device: typeof ISCOM, roles: string[], permissions: string[] = []) =>
  allowedDeviceLinks(device, { roles: authItems(...roles), permissions: authItems(...permissions) }).map((link) => link.path(device.mac));

describe('the device card links to the device’s screens', () => {
  it('offers keys, RS keys, door codes and the matrix where the device can do them', () => {
    const mac = encodeURIComponent(ISCOM.mac);
    expect(paths(ISCOM, ['management'], ['KEYS_LIST_PERMISSION'])).toEqual([`/devices/${mac}/keys`, `/devices/${mac}/rs-keys`, `/devices/${mac}/codes`, `/devices/${mac}/commutators`]);
    const camera = encodeURIComponent(CAMERA.mac);
    expect(paths(CAMERA, ['management'])).toEqual([`/devices/${camera}/keys`, `/devices/${camera}/codes`]);
  });

  it('offers only what the user may open: support reads them all, the installer only the matrix', () => {
    expect(paths(ISCOM, ['support'])).toHaveLength(4);
    expect(paths(ISCOM, ['adjuster'])).toEqual([`/devices/${encodeURIComponent(ISCOM.mac)}/commutators`]);
    expect(paths(CAMERA, ['adjuster'])).toEqual([]);
  });
});
