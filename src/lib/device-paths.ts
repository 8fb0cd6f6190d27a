/** The addresses of a device's screens (src/app/route-table.ts), the MAC encoded. */
const devicePath = (mac: string, screen: string) => `/devices/${encodeURIComponent(mac)}/${screen}`;

export const deviceCardPath = (mac: string): string => devicePath(mac, 'update');
export const deviceKeysPath = (mac: string): string => devicePath(mac, 'keys');
export const deviceRsKeysPath = (mac: string): string => devicePath(mac, 'rs-keys');
