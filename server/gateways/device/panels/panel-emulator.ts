import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A fault the emulator plays instead of (or around) its answer. */
export type PanelFault =
  /** 401, whatever the credentials. */
  | { kind: 'unauthorized' }
  /** Never answers (the caller's time limit ends it). */
  | { kind: 'timeout' }
  /** Closes the connection without an answer. */
  | { kind: 'drop' }
  /** Answers 200 with bytes that are no answer at all. */
  | { kind: 'garbled' }
  /** Sends half of the answer, then closes the connection. */
  | { kind: 'partial' }
  /** Answers after `ms`. */
  | { kind: 'slow'; ms: number };

export interface EmulatorRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  body: string;
}

export interface EmulatorAnswer {
  status?: number;
  body: string;
  contentType?: string;
}

export type EmulatorHandler = (request: EmulatorRequest) => EmulatorAnswer | Promise<EmulatorAnswer>;

export interface EmulatorOptions {
  /** 0: any free port. */
  port?: number;
  /** Loopback only: 127.0.0.1 unless another 127.x address is given. */
  host?: string;
  login: string;
  password: string;
}

export interface RunningEmulator {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every request received, as `METHOD /path?query`. */
  readonly requests: string[];
  /** Plays `fault` on the requests whose path and query match (all when absent), the next `times` of them (every one when absent). */
  fault(fault: PanelFault, options?: { match?: RegExp; times?: number }): void;
  clearFaults(): void;
  /** Credentials the panel accepts from now on (a password changed on the panel). */
  setCredentials(login: string, password: string): void;
  close(): Promise<void>;
}

interface ArmedFault {
  fault: PanelFault;
  match: RegExp | null;
  remaining: number;
}

/**
 * The HTTP side shared by the panel emulators: Basic auth, faults on request, a log of requests.
 * It listens on loopback only: emulators exist so that nothing leaves 127.0.0.0/8.
 */
export async function startPanelEmulator(handler: EmulatorHandler, options: EmulatorOptions): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  if (!/^127\.\d+\.\d+\.\d+$/.test(host)) throw new Error(`a panel emulator listens on loopback only, not on ${host}`);
  let credentials = `${options.login}:${options.password}`;
  const faults: ArmedFault[] = [];
  const requests: string[] = [];
  const sockets = new Set<Socket>();

  const takeFault = (target: string): PanelFault | null => {
    const armed = faults.find((item) => item.match === null || item.match.test(target));
    if (!armed) return null;
    armed.remaining -= 1;
    if (armed.remaining <= 0) faults.splice(faults.indexOf(armed), 1);
    return armed.fault;
  };

  const serve = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const target = incoming.url ?? '/';
    requests.push(`${incoming.method ?? 'GET'} ${target}`);
    const fault = takeFault(target);
    if (fault?.kind === 'timeout') return;
    if (fault?.kind === 'drop') return void incoming.socket.destroy();
    if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    const given = (incoming.headers.authorization ?? '').replace(/^Basic\s+/i, '');
    if (fault?.kind === 'unauthorized' || Buffer.from(given, 'base64').toString('utf8') !== credentials) {
      outgoing.writeHead(401, { 'WWW-Authenticate': 'Basic realm="panel"', 'Content-Type': 'text/plain' }).end('Unauthorized');
      return;
    }
    if (fault?.kind === 'garbled') {
      outgoing.writeHead(200, { 'Content-Type': 'text/plain' }).end('\u0000\u00ff<html><body>{[=\r\n');
      return;
    }
    const url = new URL(target, 'http://panel');
    const answer = await handler({ method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, body: Buffer.concat(chunks).toString('utf8') });
    const body = Buffer.from(answer.body, 'utf8');
    outgoing.writeHead(answer.status ?? 200, { 'Content-Type': answer.contentType ?? 'text/plain; charset=utf-8', 'Content-Length': String(body.length) });
    if (fault?.kind === 'partial') {
      outgoing.write(body.subarray(0, Math.floor(body.length / 2)));
      setTimeout(() => incoming.socket.destroy(), 10);
      return;
    }
    outgoing.end(body);
  };

  const server = createServer((incoming, outgoing) => {
    serve(incoming, outgoing).catch((error: unknown) => {
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'Content-Type': 'text/plain' }).end(error instanceof Error ? error.message : String(error));
      else outgoing.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    fault: (fault, given = {}) => faults.push({ fault, match: given.match ?? null, remaining: given.times ?? Number.POSITIVE_INFINITY }),
    clearFaults: () => void faults.splice(0),
    setCredentials: (login, password) => {
      credentials = `${login}:${password}`;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
