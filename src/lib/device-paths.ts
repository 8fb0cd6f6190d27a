/** The addresses of a device's screens (src/app/route-table.ts), the MAC encoded. */
const devicePath = (mac: string, screen: string) => `/devices/${encodeURIComponent(mac)}/${screen}`;

export const deviceCardPath = (mac: string): string => devicePath(mac, 'update');
export const deviceKeysPath = (mac: string): string => devicePath(mac, 'keys');
export const deviceRsKeysPath = (mac: string): string => devicePath(mac, 'rs-keys');
export const devicePowerPath = (mac: string): string => devicePath(mac, 'power');

/** The event history of some devices, of one flat on them when `flatNum` is given. */
export function deviceHistoryPath(macs: readonly string[], flatNum?: number): string {
  const search = new URLSearchParams();
  if (macs.length > 0) search.set('macs', macs.join(','));
  if (flatNum !== undefined) search.set('flatNum', String(flatNum));
  const text = search.toString();
  return text ? `/devices/history?${text}` : '/devices/history';
}

/** A device's call rounds, opened on one flat's call order when `flatNum` is given. */
export function dialingsPath(mac: string, flatNum?: number): string {
  return `/dialings/${encodeURIComponent(mac)}${flatNum === undefined ? '' : `?flatNum=${flatNum}`}`;
}
