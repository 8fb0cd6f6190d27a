import { lookup } from 'node:dns/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { NetworkAllowList } from './network-allow-list';
import { PanelError, type PanelTarget } from './panel-driver';

export interface PanelRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path with its query, e.g. `/cgi-bin/rfid_cgi?action=list`. */
  path: string;
  body?: string;
  contentType?: string;
  /** This call's limit (a firmware upload takes minutes); the client's default otherwise. */
  timeoutMs?: number;
}

export interface PanelAnswer {
  status: number;
  text: string;
  headers: IncomingHttpHeaders;
}

/**
 * An idle kept-alive connection is closed after this long, well before a panel drops it (servers
 * keep idle ones 5 s and more), so a request never goes out on a connection the panel is closing.
 */
const IDLE_CONNECTION_MS = 1_000;

export interface PanelHttpOptions {
  /** Default limit per call, ms (default 5000). */
  timeoutMs?: number;
  /** Longest answer read, bytes (default 4 MB): a panel that sends more is garbled. */
  maxBytes?: number;
  /** Connections open to one panel at most (default 4): calls beyond them wait for one. */
  connectionsPerPanel?: number;
}

/**
 * HTTP to panels, with Basic auth, a time limit per call and the network allow-list: the host is
 * resolved once, every address it resolves to must be allowed, and the connection goes to that
 * address (so a name cannot resolve elsewhere between the check and the connect). 401 / 403 are
 * PanelError 'auth'; any other status is the driver's to judge. Connections are kept alive: a
 * company upload writes hundreds of flats, a request each on a Beward panel.
 */
export class PanelHttp {
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly agent: Agent;

  constructor(
    private readonly allowList: NetworkAllowList,
    options: PanelHttpOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
    this.agent = new Agent({ keepAlive: true, maxSockets: options.connectionsPerPanel ?? 4, timeout: IDLE_CONNECTION_MS });
  }

  /** The address to connect to, once allowed; PanelError 'bad-address' / 'address-not-allowed' / 'unreachable' otherwise. */
  async allowedAddress(panel: PanelTarget): Promise<{ address: string; port: number; host: string }> {
    let url: URL;
    try {
      url = new URL(panel.baseUrl);
    } catch {
      throw new PanelError('bad-address', panel.baseUrl);
    }
    if (url.protocol !== 'http:') throw new PanelError('bad-address', `${url.protocol} вместо http:`);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: string[];
    if (isIP(host) !== 0) addresses = [host];
    else {
      try {
        addresses = (await lookup(host, { all: true })).map((entry) => entry.address);
      } catch {
        throw new PanelError('unreachable', `имя ${host} не найдено`);
      }
    }
    const refused = addresses.find((address) => !this.allowList.allows(address));
    if (refused !== undefined || addresses.length === 0) throw new PanelError('address-not-allowed', refused === undefined || refused === host ? host : `${host} (${refused})`);
    return { address: addresses[0], port: url.port === '' ? 80 : Number(url.port), host: url.host };
  }

  async request(panel: PanelTarget, call: PanelRequest): Promise<PanelAnswer> {
    const { address, port, host } = await this.allowedAddress(panel);
    const timeoutMs = call.timeoutMs ?? this.timeoutMs;
    const body = call.body === undefined ? undefined : Buffer.from(call.body, 'utf8');
    const headers: Record<string, string> = {
      Host: host,
      Authorization: `Basic ${Buffer.from(`${panel.login}:${panel.password}`, 'utf8').toString('base64')}`,
    };
    if (body) {
      headers['Content-Type'] = call.contentType ?? 'application/json';
      headers['Content-Length'] = String(body.length);
    }
    const what = `${call.method ?? 'GET'} ${call.path.split('?')[0]}`;
    const answer = await new Promise<PanelAnswer>((resolve, reject) => {
      const outgoing = httpRequest({ host: address, port, path: call.path, method: call.method ?? 'GET', headers, agent: this.agent });
      const deadline = setTimeout(() => outgoing.destroy(new PanelError('timeout', `${what}, ${timeoutMs} мс`)), timeoutMs);
      const fail = (error: unknown) => {
        clearTimeout(deadline);
        reject(error instanceof PanelError ? error : new PanelError('unreachable', `${what}: ${error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error)}`));
      };
      outgoing.on('error', fail);
      outgoing.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > this.maxBytes) outgoing.destroy(new PanelError('garbled', `${what}: ответ длиннее ${this.maxBytes} байт`));
          else chunks.push(chunk);
        });
        incoming.on('aborted', () => fail(new PanelError('unreachable', `${what}: ответ оборвался`)));
        incoming.on('error', fail);
        incoming.on('end', () => {
          clearTimeout(deadline);
          if (!incoming.complete) return reject(new PanelError('unreachable', `${what}: ответ оборвался`));
          resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: incoming.headers });
        });
      });
      outgoing.end(body);
    });
    if (answer.status === 401 || answer.status === 403) throw new PanelError('auth', what);
    return answer;
  }
}
