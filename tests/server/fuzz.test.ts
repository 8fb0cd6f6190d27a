import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { type Struct, unknown } from 'superstruct';
type AnyStruct = Struct<unknown, unknown>;
import { describe, expect, it } from 'vitest';
import { HISTORY_EXPORT_PATH, HistoryExportQuery } from '../../contract/history';
import { FLATS_EXPORT_PATTERN, IMPORT_RESULT_PATTERN, KEYS_EXPORT_PATTERN, KeysExportQuery } from '../../contract/imports';
import { ErrorResponse, decode } from '../../contract/common';
import type { AppOptions } from '../../server/app';
import {
  BAD_PATH_VALUES,
  BREAKS,
  OVER_LONG_PARAM,
  accepts,
  breakValue,
  contractEndpoints,
  failingPaths,
  paramNames,
  parsedQuery,
  queryString,
  validArbitrary,
  withParam,
  type BreakKind,
  type ContractEndpoint,
  type Where,
} from './fuzz-arbitraries';
import { BACKENDS, TestClient, loginAs, useApp, type AccountName } from './helpers';
import { ALL_RULES } from './route-rules/all-rules';

/**
 * Every endpoint of the contract, as the superuser (and a sample as an installer), with
 * requests derived from its structs, valid and broken. No answer is a 5xx; every 4xx is
 * `{result: false, message}`; a 400 to a request the contract refuses names the failing field.
 */

/**
 * Runs per endpoint and seed: fixed so a failure is reproduced by running the file again. A longer
 * hunt: FUZZ_RUNS=40 FUZZ_SEED=7 npx vitest run --project server tests/server/fuzz.test.ts
 */
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 8);
const LOW_ROLE_RUNS = 3;
const SEED = Number(process.env.FUZZ_SEED ?? 1_600_016);

/** Every device call quick and successful, every background runner off: only the request's own work runs. */
const FUZZ_APP: Partial<AppOptions> = {
  deviceGateway: {
    failureShare: 0,
    timeoutMs: 50,
    scanMs: 5,
    flatReadMs: 5,
    uploadMs: 5,
    commutatorReadMs: 5,
    lineLevelMs: 5,
    voltageReadMs: 5,
    firmwareMs: 50,
  },
  network: { failureShare: 0, timeScale: 0.001 },
  jobs: { enabled: false },
  mcUploads: { enabled: false },
  loginRateLimit: { maxFailuresPerLogin: 1_000_000, maxFailuresPerIp: 1_000_000 },
  history: { exportLimit: 50 },
};

/**
 * The two routes outside the endpoint tables (they answer a CSV stream and an image, not JSON;
 * docs/api.md "History"): fuzzed too, with the export's query struct.
 */
const OUTSIDE_TABLES: readonly ContractEndpoint[] = [
  { name: 'history.export', method: 'GET', pattern: HISTORY_EXPORT_PATH, query: HistoryExportQuery as Struct<unknown, unknown>, body: null, response: unknown() },
  { name: 'history.image', method: 'GET', pattern: '/front/history/images/:id', query: null, body: null, response: unknown() },
  { name: 'imports.flatsExport', method: 'GET', pattern: FLATS_EXPORT_PATTERN, query: null, body: null, response: unknown() },
  { name: 'imports.result', method: 'GET', pattern: IMPORT_RESULT_PATTERN, query: null, body: null, response: unknown() },
  { name: 'imports.keysExport', method: 'GET', pattern: KEYS_EXPORT_PATTERN, query: KeysExportQuery as Struct<unknown, unknown>, body: null, response: unknown() },
];

async function fuzzedEndpoints(): Promise<ContractEndpoint[]> {
  return [...(await contractEndpoints()), ...OUTSIDE_TABLES];
}

/** A path parameter's value for a route without a rule in route-rules (a seeded device, id 1). */
function fallbackUrl(pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => (name === 'mac' ? encodeURIComponent('E4:5A:D4:00:00:05') : '1'));
}

const API_PATH = /^\/(front|site|adjuster)\//;
const key = (method: string, pattern: string) => `${method} ${pattern}`;
const RULE_URLS = new Map(ALL_RULES.map((rule) => [key(rule.method, rule.pattern), rule]));
/** Rules whose URL the handler refuses before it reads the body (the adjuster's `:id` is a MAC). */
const VALID_URLS: Record<string, string> = {
  'POST /adjuster/api/device/:id/house': '/adjuster/api/device/E4%3A5A%3AD4%3A00%3A00%3A05/house',
  'POST /adjuster/api/device/:id/group': '/adjuster/api/device/E4%3A5A%3AD4%3A00%3A00%3A05/group',
  'GET /adjuster/api/device/:id': '/adjuster/api/device/E4%3A5A%3AD4%3A00%3A00%3A05',
  // Another buyer's device: a status fuzzed to "disabled" must not make the others' device calls fail (502).
  'PUT /front/devices/:mac/status': '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A0B/status',
};

interface FuzzRequest {
  url: string;
  body: unknown;
  /** What was broken ('valid' when nothing), for the report. */
  kind: string;
  /** The paths the contract refuses (a 400 must name the first), or the path parameter's name. */
  mustName: string[] | null;
}

class Tally {
  sent = 0;
  readonly byStatus = new Map<number, number>();
  readonly failures: string[] = [];
  readonly time = new Map<string, number>();

  timed(name: string, ms: number) {
    this.time.set(name, (this.time.get(name) ?? 0) + ms);
  }

  slowest(count: number): string {
    return [...this.time.entries()]
      .sort(([, a], [, b]) => b - a)
      .slice(0, count)
      .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
      .join(', ');
  }

  count(status: number) {
    this.sent++;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  summary(): string {
    const statuses = [...this.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    return `requests sent: ${this.sent}; by status: ${statuses.join(', ')}`;
  }
}

function describeRequest(method: string, request: FuzzRequest): string {
  const body = request.body === undefined ? '' : ` body ${JSON.stringify(request.body)?.slice(0, 200)}`;
  return `${method} ${request.url.slice(0, 200)} (${request.kind})${body}`;
}

/** The problems of one answer; [] when it keeps the rules. */
function problemsOf(response: LightMyRequestResponse, request: FuzzRequest, endpoint: ContractEndpoint): string[] {
  const status = response.statusCode;
  if (status >= 500) return [`${status} ${response.body.slice(0, 300)}`];
  if (status < 400) {
    if (!String(response.headers['content-type'] ?? '').includes('application/json')) return [];
    return accepts(endpoint.response, response.json()) ? [] : [`${status} answer not in the contract's response shape: ${response.body.slice(0, 300)}`];
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return [`${status} not JSON: ${response.body.slice(0, 200)}`];
  }
  if (!accepts(ErrorResponse as AnyStruct, body)) return [`${status} not {result:false, message}: ${response.body.slice(0, 200)}`];
  const { message } = decode(ErrorResponse, body);
  if (request.mustName) {
    if (status !== 400) return [`expected 400 naming ${request.mustName[0]}, got ${status} ${message}`];
    const named = request.mustName[0];
    if (named === '' ? !/Некорректный запрос|поле/.test(message) : !message.includes(named)) return [`400 does not name ${named || '(root)'}: ${message}`];
    return [];
  }
  // A 400 to a request the structs accept names the field a handler refused (or the bad parameter);
  // a broken %-escape is refused by the router before it knows which parameter holds it: "в адресе".
  if (status === 400 && !/поле \S|заголовок \S|в адресе|тело запроса/.test(message)) return [`400 names no field: ${message}`];
  return [];
}

/** The logged-in browser of a pass; a fuzzed log-out or log-in replaces it. */
interface Session {
  client: TestClient;
  account: AccountName;
}

async function send(session: Session, endpoint: ContractEndpoint, request: FuzzRequest, tally: Tally): Promise<LightMyRequestResponse> {
  const options = endpoint.method === 'GET' || request.body === undefined ? {} : { payload: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } };
  let response = await session.client.request(endpoint.method, request.url, options);
  tally.count(response.statusCode);
  if (response.statusCode === 401 && !endpoint.pattern.startsWith('/site/')) {
    // An earlier fuzzed log-out ended the session: log in again and send the request once more.
    session.client = await loginAs(session.client.app, session.account);
    response = await session.client.request(endpoint.method, request.url, options);
    tally.count(response.statusCode);
  }
  return response;
}

/** The requests of one endpoint: valid ones from its structs, and each part broken in each way. */
function requestsOf(endpoint: ContractEndpoint): fc.Arbitrary<FuzzRequest> {
  const rule = RULE_URLS.get(key(endpoint.method, endpoint.pattern));
  const baseUrl = VALID_URLS[key(endpoint.method, endpoint.pattern)] ?? rule?.url ?? fallbackUrl(endpoint.pattern);
  const path = baseUrl.split('?')[0];
  const ruleQuery = Object.fromEntries(new URLSearchParams(baseUrl.split('?')[1] ?? ''));
  const part = (struct: typeof endpoint.query, where: Where, fallback: unknown) => {
    if (!struct) return fc.constant(where === 'body' && endpoint.method !== 'GET' ? {} : undefined);
    const usable = accepts(struct, where === 'query' ? parsedQuery(fallback) : fallback) ? fc.constant(fallback) : null;
    const generated = validArbitrary(struct, where);
    return generated && usable ? fc.oneof(generated, usable) : (generated ?? usable ?? fc.constant(fallback));
  };
  const query = part(endpoint.query, 'query', ruleQuery);
  const body = part(endpoint.body, 'body', rule?.payload ?? {});
  const params = paramNames(endpoint.pattern);
  const make = (q: unknown, b: unknown, kind: string, mustName: string[] | null, url = path): FuzzRequest => ({
    url: `${url}${queryString(q)}`,
    body: b,
    kind,
    mustName,
  });
  const valid = fc.tuple(query, body).map(([q, b]) => make(q, b, 'valid', null));
  const wheres: Where[] = [...(endpoint.query ? ['query' as const] : []), ...(endpoint.body || endpoint.method !== 'GET' ? ['body' as const] : [])];
  const broken = fc
    .tuple(query, body, fc.constantFrom<BreakKind>(...BREAKS), fc.nat(), fc.constantFrom<Where>(...(wheres.length > 0 ? wheres : (['body'] as const))))
    .map(([q, b, kind, pick, where]) => {
      const struct = where === 'query' ? endpoint.query : endpoint.body;
      const broke = breakValue(where === 'query' ? q : b, kind, pick, where);
      const sent = where === 'query' ? parsedQuery(broke.value) : broke.value;
      // The server must refuse what the struct refuses (and U+0000 anywhere), naming the path.
      const refused = struct ? failingPaths(struct, sent) : [];
      // U+0000 and nesting past the limit are refused before the struct is checked (the latter naming at most three
      // segments; a whole body nested too deep is named by its own keys, which no struct has: any field will do).
      const beforeStruct = struct && where === 'body' && (kind === 'nul' || kind === 'deep');
      const early = beforeStruct && broke.path.length > 0 ? [broke.path.slice(0, 3).join('.')] : beforeStruct && kind === 'deep' ? [''] : null;
      // A query key is one name however many values it has (`macs=a` is not the list `macs.0`).
      const nulPath = where === 'query' ? broke.path.slice(0, 1) : broke.path;
      const mustName = early ?? (kind === 'nul' && struct && broke.path.length > 0 ? [nulPath.join('.')] : refused.length > 0 ? refused : null);
      return where === 'query' ? make(broke.value, b, `query ${kind} ${broke.path.join('.')}`, mustName) : make(q, broke.value, `body ${kind} ${broke.path.join('.')}`, mustName);
    });
  const badParam =
    params.length === 0
      ? null
      : fc.tuple(query, body, fc.constantFrom(...params), fc.constantFrom(...BAD_PATH_VALUES)).map(([q, b, name, value]) => make(q, b, `param ${name}=${value}`, null, withParam(endpoint.pattern, path, name, value)));
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 5, arbitrary: broken }, ...(badParam ? [{ weight: 2, arbitrary: badParam }] : []));
}

describe.each(BACKENDS)('every endpoint with bad input on %s', (backend) => {
  const registered: { method: string; pattern: string }[] = [];
  const app = useApp(backend, {
    ...FUZZ_APP,
    onRoute: (route) => {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        if (method !== 'HEAD' && API_PATH.test(route.url)) registered.push({ method, pattern: route.url });
      }
    },
  });

  it('registers exactly the contract’s endpoints', async () => {
    const endpoints = await contractEndpoints();
    const contract = new Set(endpoints.map((endpoint) => key(endpoint.method, endpoint.pattern)));
    const routes = new Set(registered.map((route) => key(route.method, route.pattern)));
    expect(endpoints.length).toBeGreaterThan(100);
    const outside = OUTSIDE_TABLES.map((endpoint) => key(endpoint.method, endpoint.pattern));
    expect([...routes].filter((route) => !contract.has(route)).sort(), 'routes missing from the contract').toEqual(outside.sort());
    expect([...contract].filter((endpoint) => !routes.has(endpoint)), 'contract endpoints the server does not register').toEqual([]);
  });

  it('answers a path parameter over the length limit with 414 {result:false, message} on every route that has one', async () => {
    const client = await loginAs(app(), 'admin');
    const endpoints = (await fuzzedEndpoints()).filter((endpoint) => paramNames(endpoint.pattern).length > 0);
    expect(endpoints.length).toBeGreaterThan(50);
    for (const endpoint of endpoints) {
      const rule = RULE_URLS.get(key(endpoint.method, endpoint.pattern));
      const url = withParam(endpoint.pattern, rule?.url ?? fallbackUrl(endpoint.pattern), paramNames(endpoint.pattern)[0], OVER_LONG_PARAM);
      const response = await client.request(endpoint.method, url, endpoint.method === 'GET' ? {} : { payload: {} });
      expect(response.statusCode, `${endpoint.method} ${url}`).toBe(414);
      expect(decode(ErrorResponse, response.json()).message, `${endpoint.method} ${url}`).toMatch(/не больше 100 символов/);
    }
  });

  it('never answers 5xx, answers every 4xx as {result:false, message} and names the field of a 400', { timeout: 240_000 }, async () => {
    const endpoints = await fuzzedEndpoints();
    const tally = new Tally();
    const accounts: { account: AccountName; runs: number; sample: (index: number) => boolean }[] = [
      // An installer first (a sample of the endpoints): the superuser's pass may change what it can reach.
      { account: 'installer', runs: LOW_ROLE_RUNS, sample: (index) => index % 3 === 0 },
      { account: 'admin', runs: RUNS_PER_ENDPOINT, sample: () => true },
    ];
    for (const { account, runs, sample } of accounts) {
      const session: Session = { client: await loginAs(app(), account), account };
      for (const [index, endpoint] of endpoints.entries()) {
        if (!sample(index)) continue;
        const started = performance.now();
        const details = await fc.check(
          fc.asyncProperty(requestsOf(endpoint), async (request) => {
            const sentAt = performance.now();
            const response = await send(session, endpoint, request, tally);
            tally.timed(`kind ${request.kind.split(' ').slice(0, 2).join(' ')}`, performance.now() - sentAt);
            // A refused role never reaches the checks of the input.
            const checked = account === 'admin' || response.statusCode !== 403 ? request : { ...request, mustName: null };
            const problems = problemsOf(response, checked, endpoint);
            if (problems.length > 0) throw new Error(`${describeRequest(endpoint.method, request)} → ${problems.join('; ')}`);
          }),
          { numRuns: runs, seed: SEED + index, endOnFailure: true },
        );
        tally.timed(endpoint.name, performance.now() - started);
        if (details.failed) tally.failures.push(`[${account}] ${endpoint.name} (seed ${details.seed}): ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`);
      }
    }
    console.log(`fuzz on ${backend}: ${tally.summary()}; slowest: ${tally.slowest(20)}`);
    expect(tally.failures).toEqual([]);
    expect(tally.byStatus.get(500) ?? 0).toBe(0);
    expect(tally.sent).toBeGreaterThan(endpoints.length * RUNS_PER_ENDPOINT);
  });
});
