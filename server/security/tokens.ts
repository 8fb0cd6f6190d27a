import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret for a cookie: 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Constant-time equality of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
