/*
 * A client for a real server process over HTTP (the two-process and database-outage tests): it
 * keeps cookies as a browser does and fetches the CSRF token the way the app does. The same jar
 * may talk to another process (`at`), which is how a session made on one port is used on another.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; null when the body is not JSON. */
  json: unknown;
  text: string;
}

export class RealServerClient {
  private readonly cookies: Map<string, string>;

  constructor(
    readonly baseUrl: string,
    cookies: Map<string, string> = new Map(),
    private readonly timeoutMs = 15_000,
  ) {
    this.cookies = cookies;
  }

  /** The same cookies (session, CSRF) sent to another server. */
  at(baseUrl: string): RealServerClient {
    return new RealServerClient(baseUrl, this.cookies, this.timeoutMs);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The Cookie header of the jar, for a request made outside this client (a stream read slowly). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** `file`: a raw body (an import's upload) sent as application/octet-stream instead of JSON. */
  async request(method: string, path: string, options: { body?: unknown; file?: Buffer; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...XHR, ...options.headers };
    // The token first: its call may set the CSRF cookie the request has to carry.
    if (method !== 'GET' && !('X-CSRF-Token' in headers)) headers['X-CSRF-Token'] = await this.csrf();
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.file !== undefined) headers['Content-Type'] = 'application/octet-stream';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.file ? new Uint8Array(options.file) : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    this.take(response);
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, headers: response.headers, json, text };
  }

  get(path: string): Promise<Answer> {
    return this.request('GET', path);
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request('POST', path, { body, headers });
  }

  async csrf(): Promise<string> {
    const answer = await this.get('/site/csrf');
    const token = (answer.json as { token?: unknown } | null)?.token;
    if (answer.status !== 200 || typeof token !== 'string') throw new Error(`GET /site/csrf answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    return token;
  }

  async logIn(login: string, password: string): Promise<void> {
    const answer = await this.post('/site/auth/login', { login, password });
    if (answer.status !== 200 || (answer.json as { result?: unknown } | null)?.result !== true) {
      throw new Error(`login as ${login} on ${this.baseUrl} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    }
  }

  private take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
