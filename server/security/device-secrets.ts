import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * Device passwords at rest (docs/operations.md «Real panels»): the `password` option of a device
 * is stored as `enc:v1:<iv>:<tag>:<ciphertext>` (base64, AES-256-GCM) when DEVICE_SECRET_KEY is
 * set. A value without the prefix is a legacy plain password: it is read as it is and sealed the
 * next time the options are written. A value that cannot be opened (no key, another key, altered)
 * stays as stored: the drivers refuse it with a reason, the API shows it as it is (never in clear).
 */

const PREFIX = 'enc:v1:';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const DAMAGED = 'запись пароля повреждена';
/** The device option that holds the panel's password. */
export const DEVICE_PASSWORD_OPTION = 'password';

/** A 32-byte key (DEVICE_SECRET_KEY). */
export type DeviceSecretKey = Buffer & { readonly __deviceSecretKey: true };

/**
 * DEVICE_SECRET_KEY as 64 hex digits or base64 (also base64url) of 32 bytes; null when unset or
 * blank. Anything else throws, naming what is expected (never the value).
 */
export function parseDeviceSecretKey(text: string | undefined): DeviceSecretKey | null {
  const value = (text ?? '').trim();
  if (value === '') return null;
  let bytes: Buffer | null = null;
  if (/^[0-9a-f]{64}$/i.test(value)) bytes = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes?.length !== KEY_BYTES) {
    throw new Error(`DEVICE_SECRET_KEY must be 32 bytes given as 64 hex digits or as base64 (generate one with \`openssl rand -hex 32\`); the value set has ${value.length} characters and is neither`);
  }
  return bytes as DeviceSecretKey;
}

export function isSealedSecret(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** The stored form of a password: `enc:v1:<iv>:<tag>:<ciphertext>`, a fresh random IV each time. */
export function sealSecret(clear: string, key: DeviceSecretKey): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const sealed = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${sealed.toString('base64')}`;
}

export type OpenedSecret = { ok: true; value: string } | { ok: false; reason: string };

/** The clear password of a stored value: a plain (legacy) value as it is, a sealed one opened with `key`. */
export function openSecret(stored: string, key: DeviceSecretKey | null): OpenedSecret {
  if (!isSealedSecret(stored)) return { ok: true, value: stored };
  if (key === null) return { ok: false, reason: 'пароль хранится зашифрованным, а DEVICE_SECRET_KEY не задан' };
  const parts = stored.slice(PREFIX.length).split(':');
  if (parts.length !== 3) return { ok: false, reason: DAMAGED };
  const [iv, tag, sealed] = parts.map((part) => Buffer.from(part, 'base64'));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return { ok: false, reason: DAMAGED };
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv);
    decipher.setAuthTag(tag);
    return { ok: true, value: Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8') };
  } catch {
    return { ok: false, reason: 'пароль зашифрован другим ключом DEVICE_SECRET_KEY или запись повреждена' };
  }
}

// ---------------------------------------------------------------------------
// The process's key

let processKey: DeviceSecretKey | null = null;
let warned = false;

/** Sets the key of this process (buildApp, the bootstrap child); null stores passwords plain. */
export function setDeviceSecretKey(key: DeviceSecretKey | null): void {
  processKey = key;
}

export function deviceSecretKey(): DeviceSecretKey | null {
  return processKey;
}

/** The start's warning when there is no key, once per process. */
export function warnOnceWithoutKey(warn: (message: string) => void): void {
  if (processKey !== null || warned) return;
  warned = true;
  warn('DEVICE_SECRET_KEY is not set: device passwords are stored in clear (docs/operations.md «Real panels»)');
}

/** Options as stored: the password sealed with the process's key (a value already sealed is kept as it is). */
export function sealDeviceOptions<T extends Readonly<Record<string, unknown>>>(options: T): T {
  const password = options[DEVICE_PASSWORD_OPTION];
  if (processKey === null || typeof password !== 'string' || isSealedSecret(password)) return options;
  return { ...options, [DEVICE_PASSWORD_OPTION]: sealSecret(password, processKey) };
}

/** Options as read: the password opened with the process's key; one that cannot be opened stays as stored. */
export function openDeviceOptions<T extends Readonly<Record<string, unknown>>>(options: T): T {
  const password = options[DEVICE_PASSWORD_OPTION];
  if (typeof password !== 'string' || !isSealedSecret(password)) return options;
  const opened = openSecret(password, processKey);
  return opened.ok ? { ...options, [DEVICE_PASSWORD_OPTION]: opened.value } : options;
}

/** The clear password a driver sends: a plain or opened value, or why it cannot be had. */
export function devicePasswordOf(value: unknown): OpenedSecret {
  return openSecret(typeof value === 'string' ? value : '', processKey);
}
