import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';

const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/** Cookies by name, as a browser would keep them across the CSRF call and the login. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Logs in like the app does (CSRF token from GET /site/csrf) and returns the Cookie header of the session. */
export async function logInCookie(baseUrl: string, login: string, password: string): Promise<string> {
  const jar = new CookieJar();
  const csrfResponse = await fetch(`${baseUrl}/site/csrf`, { headers: JSON_HEADERS });
  jar.take(csrfResponse);
  const { token } = (await csrfResponse.json()) as { token: string };
  const response = await fetch(`${baseUrl}/site/auth/login`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, 'Content-Type': 'application/json', 'X-CSRF-Token': token, Cookie: jar.header() },
    body: JSON.stringify({ login, password }),
  });
  jar.take(response);
  const body = (await response.json()) as { result: boolean; message?: string };
  if (!response.ok || !body.result) throw new Error(`login as ${login} failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  return jar.header();
}

/** One GET, to fail early and readably when a route does not answer 200 before loading it; answers the body. */
export async function checkRoute(url: string, cookie: string | null): Promise<string> {
  const response = await fetch(url, { headers: { ...JSON_HEADERS, ...(cookie ? { Cookie: cookie } : {}) } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

export interface LoadFigures {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** autocannon against one GET: a short warm-up (JIT, pools, caches), then the measured run. */
export async function load(name: string, url: string, cookie: string | null, options: LoadOptions): Promise<LoadFigures> {
  const headers: Record<string, string> = { ...JSON_HEADERS, ...(cookie ? { Cookie: cookie } : {}) };
  const base = { url, headers, connections: options.connections, timeout: 10 };
  if (options.warmupSeconds > 0) await run({ ...base, duration: options.warmupSeconds });
  const result = await run({ ...base, duration: options.durationSeconds });
  return {
    name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Peak resident set size of a process (Linux VmHWM), in bytes; null where /proc is missing. */
export async function peakRss(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}
