import { define, type Struct } from 'superstruct';

/*
 * The formats of a device's address and billing fields, one rule per field. The server checks
 * every request that carries such a field with these structs (a 400 naming the field), and every
 * wizard checks the same before it lets the installer go on, so a value one screen refuses cannot
 * be stored through another.
 */

export const PORT_MIN = 1;
export const PORT_MAX = 65_535;
/** The highest entrance (porch) number (entrances are numbered up to it). */
export const PORCH_NUM_MAX = 999;

/** A port: a whole number from 1 to 65535. */
export function isPort(value: number): boolean {
  return Number.isInteger(value) && value >= PORT_MIN && value <= PORT_MAX;
}

const DIGITS = /^\d+$/;

/** A port typed as text (billing_bsPort): digits only, 1–65535. */
export function isPortText(text: string): boolean {
  return DIGITS.test(text) && isPort(Number(text));
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A FIAS id: the GUID of a house in FIAS, e.g. `0c5b2444-70a0-4932-980c-b4dc0d3f02b5`. */
export function isFiasId(text: string): boolean {
  return GUID.test(text);
}

/** An entrance (porch) number: a whole number from 1 to PORCH_NUM_MAX. */
export function isPorchNum(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= PORCH_NUM_MAX;
}

/** An entrance number typed as text (billing_porchNum): digits only, 1–PORCH_NUM_MAX. */
export function isPorchNumText(text: string): boolean {
  return DIGITS.test(text) && isPorchNum(Number(text));
}

/** An http(s) URL with a host and no spaces, e.g. `http://10.16.3.4` or `https://panel.local:8443`. */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value) || !/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Dot-separated labels of letters, digits and inner hyphens (Cyrillic domains too), with an optional port. */
const HOST_NAME = /^(?=.{1,253}(?::|$))[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)*\.?(?::(\d{1,5}))?$/u;

/** A host name or an IPv4 address, optionally with a port: `intercom-7.example.net`, `10.16.3.4:8080`. */
export function isHostName(value: string): boolean {
  const match = HOST_NAME.exec(value);
  if (!match) return false;
  return match[1] === undefined || isPort(Number(match[1]));
}

/** A device's address (url): an http(s) address or a host name. */
export function isDeviceAddress(value: string): boolean {
  return isHttpUrl(value) || isHostName(value);
}

// ---------------------------------------------------------------------------
// Structs. The server names a failing field with the reason below (its struct's type).

export type DeviceFieldFormat = 'DevicePort' | 'DevicePortText' | 'FiasId' | 'PorchNum' | 'PorchNumText' | 'DeviceAddress';

/** Why a value of each format was refused, in the server's language. */
export const DEVICE_FIELD_REASONS: Readonly<Record<DeviceFieldFormat, string>> = {
  DevicePort: `ожидается номер порта: целое число от ${PORT_MIN} до ${PORT_MAX}`,
  DevicePortText: `ожидается номер порта: целое число от ${PORT_MIN} до ${PORT_MAX}`,
  FiasId: 'ожидается код ФИАС: GUID вида 0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
  PorchNum: `ожидается номер подъезда: целое число от 1 до ${PORCH_NUM_MAX}`,
  PorchNumText: `ожидается номер подъезда: целое число от 1 до ${PORCH_NUM_MAX}`,
  DeviceAddress: 'ожидается адрес устройства: http(s)-адрес или имя хоста без пробелов',
};

export function isDeviceFieldFormat(name: string): name is DeviceFieldFormat {
  return Object.hasOwn(DEVICE_FIELD_REASONS, name);
}

const textIn = (name: DeviceFieldFormat, test: (text: string) => boolean, emptyAllowed: boolean): Struct<string, null> =>
  define<string>(name, (value) => typeof value === 'string' && ((emptyAllowed && value.trim() === '') || test(value.trim())));

/** A port as a number. */
export const DevicePort = define<number>('DevicePort', (value) => typeof value === 'number' && isPort(value));
/** A port as text, or empty (a billing field the wizard may leave blank). */
export const DevicePortText = textIn('DevicePortText', isPortText, true);
/** A FIAS GUID (required). */
export const FiasId = textIn('FiasId', isFiasId, false);
/** A FIAS GUID, or empty. */
export const OptionalFiasId = textIn('FiasId', isFiasId, true);
/** An entrance number as a number. */
export const PorchNum = define<number>('PorchNum', (value) => typeof value === 'number' && isPorchNum(value));
/** An entrance number as text, or empty. */
export const PorchNumText = textIn('PorchNumText', isPorchNumText, true);
/** A device address (required). */
export const DeviceAddress = textIn('DeviceAddress', isDeviceAddress, false);
/** A device address, or empty. */
export const OptionalDeviceAddress = textIn('DeviceAddress', isDeviceAddress, true);

/** The format of an option key PUT …/options and the replace wizard set, checked on its text. */
export const OPTION_FORMATS: Readonly<Record<string, { format: DeviceFieldFormat; test: (text: string) => boolean }>> = {
  url: { format: 'DeviceAddress', test: isDeviceAddress },
  billing_bsPort: { format: 'DevicePortText', test: isPortText },
  billing_fiasId: { format: 'FiasId', test: isFiasId },
  billing_porchNum: { format: 'PorchNumText', test: isPorchNumText },
};

/** The reason an option's value breaks its format; null when it is fine (or empty, or a key with no format). */
export function optionFormatProblem(key: string, value: unknown): string | null {
  const rule = Object.hasOwn(OPTION_FORMATS, key) ? OPTION_FORMATS[key] : undefined;
  if (!rule || value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null) return DEVICE_FIELD_REASONS[rule.format];
  return text === '' || rule.test(text) ? null : DEVICE_FIELD_REASONS[rule.format];
}
