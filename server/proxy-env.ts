/* Running behind a TLS proxy (docs/operations.md, "Behind a TLS proxy"): the environment's settings. */

/** COOKIE_SECURE: true / false, or auto (the default: Secure when the request came over https). */
export function cookieSecureFromEnv(value: string | undefined): boolean | 'auto' {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`COOKIE_SECURE must be true, false or auto (got "${value}")`);
}

/** TRUST_PROXY: true / false, a number of proxy hops, or a list of proxy addresses/CIDRs (Fastify's trustProxy). */
export function trustProxyFromEnv(value: string | undefined): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (!/^\d+$/.test(value)) return value;
  // n proxies in front: the client address is the one the nth proxy from here saw.
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}
