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
  /** Answers by HTTP status ("200": n, "404": n …): a broken call shows here, not as a fast one. */
  statuses: Record<string, number>;
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

function figures(name: string, result: autocannon.Result): LoadFigures {
  const statuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = stat.count ?? 0;
  return {
    name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
}

/** autocannon against one GET: a short warm-up (JIT, pools, caches), then the measured run. */
export async function load(name: string, url: string, cookie: string | null, options: LoadOptions): Promise<LoadFigures> {
  return loadPaths(name, url, [new URL(url).pathname + new URL(url).search], cookie, options);
}

/**
 * autocannon against GETs of several paths of one server, taken in turn across all connections
 * (many flats, many searches rather than one cached answer), after a warm-up.
 */
export async function loadPaths(name: string, baseUrl: string, paths: readonly string[], cookie: string | null, options: LoadOptions): Promise<LoadFigures> {
  if (paths.length === 0) throw new Error(`${name}: no paths to load`);
  let next = 0;
  const request: autocannon.Request = { method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) };
  return loadRequest(name, baseUrl, { ...JSON_HEADERS, ...(cookie ? { Cookie: cookie } : {}) }, request, options);
}

/**
 * autocannon against POSTs of one path with JSON bodies taken in turn across all connections, after
 * a warm-up. `headers`: the session's cookie and CSRF token.
 */
export async function loadPosts(name: string, baseUrl: string, path: string, bodies: readonly object[], headers: Record<string, string>, options: LoadOptions): Promise<LoadFigures> {
  if (bodies.length === 0) throw new Error(`${name}: no bodies to post`);
  let next = 0;
  const request: autocannon.Request = { method: 'POST', path, setupRequest: (request) => ({ ...request, path, body: JSON.stringify(bodies[next++ % bodies.length]) }) };
  return loadRequest(name, baseUrl, { ...JSON_HEADERS, ...headers, 'Content-Type': 'application/json' }, request, options);
}

async function loadRequest(name: string, baseUrl: string, headers: Record<string, string>, request: autocannon.Request, options: LoadOptions): Promise<LoadFigures> {
  const base = { url: new URL(baseUrl).origin, headers, connections: options.connections, timeout: 10, requests: [request] };
  if (options.warmupSeconds > 0) await run({ ...base, duration: options.warmupSeconds });
  return figures(name, await run({ ...base, duration: options.durationSeconds }));
}

/** "200: 5400, 404: 12" for a table cell. */
export function statusSummary(figures: LoadFigures): string {
  return Object.entries(figures.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}

/**
 * A budget row for run.ts ([budget, limit, measured, ratio, verdict]) of a p99 under load. A call
 * that answers errors is not measured: its speed says nothing about the real call.
 */
export function latencyRow(label: string, figures: LoadFigures | undefined, limitMs: number): string[] {
  if (!figures) return [label, `${limitMs} ms`, 'not measured', '-', 'SKIPPED'];
  if (figures.non2xx > 0 || figures.errors > 0) {
    return [label, `${limitMs} ms`, `${figures.p99} ms, ${figures.non2xx + figures.errors} of ${figures.requests} not 2xx (${statusSummary(figures)})`, '-', 'BROKEN'];
  }
  return [label, `${limitMs} ms`, `${figures.p99} ms`, `${((figures.p99 / limitMs) * 100).toFixed(0)}%`, figures.p99 <= limitMs ? 'PASS' : 'OVER'];
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
