import fp from 'fastify-plugin';
import { isApiPath } from './rbac';

/**
 * For the shell and everything served beside it (a worker's policy comes from its own script's
 * answer, so sw.js gets the shell's): scripts only from this origin (the build has no inline
 * script); styles may be inline because Emotion (MUI) injects them at run time (why no nonce:
 * docs/operations.md, "Content Security Policy"). 'wasm-unsafe-eval' lets the label scanner compile
 * its own precached ZXing WebAssembly (it allows WebAssembly only, not eval).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API answers (JSON, the CSV export, event images) are data, never a page: they may load nothing. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The camera for the label scanner, from this origin only; the powerful features the app never uses, to nobody. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'display-capture=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security max-age in seconds (behind TLS, HSTS_MAX_AGE); unset sends none. */
  hstsMaxAgeSeconds?: number;
}

/** The same hardening headers on every answer the server gives: the shell, assets, JSON, CSV, images and errors. */
export const securityHeadersPlugin = fp(
  async (app, options: SecurityHeaderOptions) => {
    const hsts = options.hstsMaxAgeSeconds === undefined ? null : `max-age=${Math.max(0, Math.floor(options.hstsMaxAgeSeconds))}; includeSubDomains`;
    app.addHook('onSend', async (request, reply) => {
      const api = isApiPath(request.url);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      reply.header('x-frame-options', 'DENY');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // Chromium's PDF viewer (help.pdf) is an embedded plugin that object-src 'none' would block.
      const pdf = String(reply.getHeader('content-type') ?? '').startsWith('application/pdf');
      if (!pdf) reply.header('content-security-policy', api ? API_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
      if (hsts) reply.header('strict-transport-security', hsts);
      if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
