import { Socket, isIP } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

type Connect = typeof Socket.prototype.connect;

const isLoopback = (host: string): boolean => (isIP(host) === 4 ? host.startsWith('127.') : host === '::1' || host === 'localhost');

/** The first argument of Socket#connect, in any of its forms: a port, a path, or options. */
function targetOf(args: unknown[]): string | null {
  const [first, second] = args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: unknown; path?: unknown };
    if (typeof options.path === 'string') return null;
    return typeof options.host === 'string' ? options.host : 'localhost';
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return null;
  return typeof second === 'string' ? second : 'localhost';
}

/** Connections this file's tests tried to open outside 127.0.0.0/8 (each was refused). */
export const outsideAttempts: string[] = [];

/**
 * Refuses, for the rest of the file, every TCP connection to an address outside 127.0.0.0/8 (the
 * network rule: no test sends traffic anywhere else), and records the attempt so a test can fail
 * on it. Unix sockets pass.
 */
export function guardLoopback(): void {
  let original: Connect | null = null;
  beforeAll(() => {
    original = Socket.prototype.connect;
    const connect = original;
    Socket.prototype.connect = function guarded(this: Socket, ...args: unknown[]) {
      const host = targetOf(args);
      if (host !== null && !isLoopback(host)) {
        outsideAttempts.push(host);
        throw new Error(`refused: a test tried to connect to ${host}, outside 127.0.0.0/8`);
      }
      return (connect as (...given: unknown[]) => Socket).apply(this, args);
    } as Connect;
  });
  afterAll(() => {
    if (original) Socket.prototype.connect = original;
  });
}
