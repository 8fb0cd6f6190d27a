import { FLAT_DEVICE_SETTING_KEYS } from '../../../contract/flats';
import type { DeviceRef, FlatDeviceReading, FlatOnDevice } from './device-gateway';
import { digest } from './snapshot';

/** Levels a panel applies to a flat when nobody set them (the device card's defaults). */
const FACTORY_LEVELS: Readonly<Record<string, number>> = {
  panelCall: 9,
  panelTalk: 7,
  thCall: 330,
  thTalk: 550,
  handsetUpLevel: 80,
  handsetDownLevel: 50,
  doorOpenLevel: 230,
};
const VOLUMES = ['musicVolume', 'analogVolume', 'uartVolume', 'panelVolume'] as const;

/**
 * What a simulated device holds for a flat: the values the server wrote there, and for the rest
 * what the device was set up with (drawn from the MAC and the flat number, so every read of the
 * same device answers the same). Levels exist only on a device with the capability `levels`.
 */
export function flatReadingOf(device: DeviceRef, flat: FlatOnDevice): FlatDeviceReading {
  const bytes = digest('flat-settings', device.mac, flat.flatNum);
  const hasLevels = device.capabilities.includes('levels');
  const factory: Record<string, string | null> = {
    doorCode: String(1000 + (bytes.readUInt16BE(0) % 9000)),
    regCode: bytes[2] % 3 === 0 ? String(100_000 + (bytes.readUInt32BE(3) % 900_000)) : null,
    uartFrom: null,
    uartTo: null,
  };
  VOLUMES.forEach((key, index) => {
    factory[key] = String(3 + (bytes[8 + index] % 7));
  });
  for (const [key, value] of Object.entries(FACTORY_LEVELS)) factory[key] = hasLevels ? String(value) : null;
  const settings = Object.fromEntries(FLAT_DEVICE_SETTING_KEYS.map((key) => [key, flat.written[key] ?? factory[key] ?? null]));
  return { panelCode: flat.panelCode ?? flat.flatNum, blockCms: flat.blockCms, settings };
}
