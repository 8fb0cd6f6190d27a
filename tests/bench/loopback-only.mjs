// Loaded into the bench's server processes (NODE_OPTIONS=--import …/loopback-only.mjs, see
// tests/bench/panels.ts): every TCP connection and every UDP datagram to an address outside
// 127.0.0.0/8 is refused and logged, whatever a device's URL or DEVICE_NETWORKS says. The bench
// drives real panel drivers against emulators: nothing may leave the machine.
import dgram from 'node:dgram';
import net from 'node:net';

// LOOPBACK_ONLY_ALLOW: hosts let through besides (the bench's PostgreSQL, when it is not on this machine).
const allowed = new Set((process.env.LOOPBACK_ONLY_ALLOW ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean));
const loopback = (host) => allowed.has(host.toLowerCase()) || (net.isIP(host) === 4 ? host.startsWith('127.') : host === '::1' || host === 'localhost');

/** The host of Socket#connect's arguments (a port, a path, or options); null for a Unix socket. */
function connectHost(args) {
  const [first, second] = args;
  if (Array.isArray(first)) return connectHost(first);
  if (typeof first === 'object' && first !== null) {
    if (typeof first.path === 'string') return null;
    return typeof first.host === 'string' ? first.host : 'localhost';
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return null;
  return typeof second === 'string' ? second : 'localhost';
}

const refuse = (what, host) => {
  const message = `loopback-only: refused ${what} to ${host}, outside 127.0.0.0/8`;
  process.stderr.write(`${message}\n`);
  return new Error(message);
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const host = connectHost(args);
  if (host !== null && !loopback(host)) throw refuse('a TCP connection', host);
  return connect.apply(this, args);
};

const send = dgram.Socket.prototype.send;
dgram.Socket.prototype.send = function guardedSend(...args) {
  // send(msg, [offset, length,] port, address, callback): the address is the string after the port.
  const host = args.find((arg, index) => index > 0 && typeof arg === 'string');
  if (host !== undefined && !loopback(host)) throw refuse('a UDP datagram', host);
  return send.apply(this, args);
};
