import { createHash } from 'node:crypto';

/** Bytes of SHA-256 over the parts: a stable source of "random" numbers per device. */
export function digest(...parts: readonly (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

/** 0 <= n < 100, stable for the parts. */
export function percentOf(...parts: readonly (string | number)[]): number {
  return digest(...parts).readUInt32BE(0) % 100;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A camera frame drawn from the MAC: the same device always shows the same porch (sky, wall,
 * door colours), with the MAC and the frame time burnt in like a real camera's overlay.
 */
export function renderSnapshotSvg(mac: string, at: Date): string {
  const bytes = digest('snapshot', mac);
  const hue = (bytes[0] * 360) / 256;
  const wallHue = (bytes[1] * 360) / 256;
  const doorX = 90 + (bytes[2] % 120);
  const windows = 2 + (bytes[3] % 3);
  const lightsOn = bytes[4] % 2 === 0;
  const windowRects = Array.from({ length: windows }, (_item, index) => {
    const x = 20 + index * (280 / windows);
    const lit = lightsOn && bytes[5 + index] % 3 !== 0;
    return `<rect x="${x.toFixed(0)}" y="40" width="36" height="40" fill="${lit ? '#ffe9a8' : '#37474f'}" stroke="#263238"/>`;
  }).join('');
  const time = at.toISOString().slice(0, 19).replace('T', ' ');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">',
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue.toFixed(0)},45%,70%)"/>`,
    `<stop offset="1" stop-color="hsl(${hue.toFixed(0)},35%,88%)"/></linearGradient></defs>`,
    '<rect width="320" height="240" fill="url(#sky)"/>',
    `<rect x="0" y="24" width="320" height="186" fill="hsl(${wallHue.toFixed(0)},18%,62%)"/>`,
    windowRects,
    `<rect x="${doorX}" y="110" width="70" height="100" rx="3" fill="hsl(${((wallHue + 180) % 360).toFixed(0)},40%,32%)" stroke="#1b1b1b"/>`,
    `<circle cx="${doorX + 58}" cy="162" r="4" fill="#d7ccc8"/>`,
    '<rect x="0" y="210" width="320" height="30" fill="#455a64"/>',
    '<rect x="0" y="0" width="320" height="20" fill="#000" fill-opacity="0.55"/>',
    `<text x="6" y="14" font-family="monospace" font-size="11" fill="#fff">${escapeXml(mac)}</text>`,
    `<text x="314" y="14" font-family="monospace" font-size="11" fill="#fff" text-anchor="end">${escapeXml(time)}</text>`,
    '</svg>',
  ].join('');
}
