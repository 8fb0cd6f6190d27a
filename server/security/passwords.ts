import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Cost parameters: N = 2^14, r = 8, p = 1 (16 MiB, tens of milliseconds per hash). */
export const SCRYPT_PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** For the check of a login that does not exist. */
const DUMMY_SALT = randomBytes(SALT_LENGTH);

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. `salt` is for the deterministic seed only. */
export async function hashPassword(password: string, salt: Buffer = randomBytes(SALT_LENGTH)): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const hash = await derive(password, salt, SCRYPT_PARAMS);
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  const valid =
    Number.isInteger(N) && N >= 2 && N <= 1 << 20 && (N & (N - 1)) === 0 && Number.isInteger(r) && r >= 1 && r <= 32 && Number.isInteger(p) && p >= 1 && p <= 16;
  if (!valid) return null;
  const salt = Buffer.from(parts[4], 'base64');
  const hash = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || hash.length === 0) return null;
  return { N, r, p, salt, hash };
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    // Same work as a real check, so the answer time does not tell whether the login exists.
    await derive(password, DUMMY_SALT, SCRYPT_PARAMS);
    return false;
  }
  const candidate = await derive(password, parsed.salt, parsed);
  return candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash);
}

