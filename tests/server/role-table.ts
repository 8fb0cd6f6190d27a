import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyInstance, InjectOptions, onRouteHookHandler } from 'fastify';
import { CSRF_HEADER } from '../../contract/common';
import { MESSAGES } from '../../server/http/errors';
import { isApiPath } from '../../server/plugins/rbac';
import { ALL_RULES } from './route-rules/all-rules';

/*
 * The role table of docs/api.md ("Roles by route"), found by asking the app: every API route it
 * registers is called as each demo account and without a session, and the answer says whether
 * the route let the caller in. A GET goes to the route rule's URL of the small seed
 * (tests/server/route-rules); a mutation goes without the CSRF token, so the RBAC hook (onRequest)
 * answers first for a refused caller and the CSRF check (preValidation) for an allowed one:
 * nothing is changed. `npm run docs:roles` writes it; tests/server/role-table.test.ts compares.
 */

export const ROLE_TABLE_START = '<!-- role-table:start -->';
export const ROLE_TABLE_END = '<!-- role-table:end -->';
export const ROLE_TABLE_COMMAND = 'npm run docs:roles';

/** The callers of the table's columns: the small seed's demo accounts (password = login), and nobody. */
export const CALLERS = [
  { login: 'admin', role: 'superuser' },
  { login: 'operator', role: 'management' },
  { login: 'support', role: 'support' },
  { login: 'installer', role: 'adjuster' },
  { login: null, role: 'no session' },
] as const;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The searches sent as POST (their filters are bodies): they change nothing, so they count as reads. */
export const READS_BY_POST = new Set(['POST /front/device-keys', 'POST /front/keys/duplicate', 'POST /front/wizard/entrances']);
const isRead = (route: RegisteredRoute) => route.method === 'GET' || READS_BY_POST.has(`${route.method} ${route.pattern}`);

export interface RegisteredRoute {
  method: Method;
  pattern: string;
  /** The route module's function (historyRoutes …): groups a route the contract has no endpoint for. */
  plugin: string;
}

/** An onRoute hook that lists the API routes as the app registers them (pass it as AppOptions.onRoute). */
export function routeCollector(): { onRoute: onRouteHookHandler; routes: RegisteredRoute[] } {
  const routes: RegisteredRoute[] = [];
  const onRoute: onRouteHookHandler = function (route) {
    if (!isApiPath(route.url)) return;
    const plugin = (this as { pluginName?: string }).pluginName ?? '';
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method: method as Method, pattern: route.url, plugin });
    }
  };
  return { onRoute, routes };
}

type Verdict = 'allowed' | 'refused' | 'login';

interface RouteRow extends RegisteredRoute {
  domain: string;
  verdicts: Verdict[];
}

/** The contract file (`houses`, `history` …) of each endpoint pattern, by method, and of each path constant. */
async function contractDomains(): Promise<{ endpoints: Map<string, string>; paths: Map<string, string> }> {
  const directory = join(import.meta.dirname, '../../contract');
  const endpoints = new Map<string, string>();
  const paths = new Map<string, string>();
  for (const file of (await readdir(directory)).filter((name) => name.endsWith('.ts')).sort()) {
    const domain = basename(file, '.ts');
    const exports = (await import(join(directory, file))) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      if (typeof value === 'string' && value.startsWith('/')) paths.set(value, domain);
      if (typeof value !== 'object' || value === null) continue;
      for (const item of Object.values(value)) {
        if (typeof item === 'object' && item !== null && 'method' in item && 'pattern' in item) {
          endpoints.set(`${String(item.method)} ${String(item.pattern)}`, domain);
        }
      }
    }
  }
  return { endpoints, paths };
}

/** A browser of one account: its cookies and CSRF token, talking to the app through inject. */
class Caller {
  private readonly cookies: Record<string, string> = {};

  constructor(private readonly app: FastifyInstance) {}

  async send(method: Method, url: string, extra: Partial<InjectOptions> = {}) {
    const response = await this.app.inject({ method, url, cookies: { ...this.cookies }, ...extra, headers: { 'x-requested-with': 'XMLHttpRequest', ...extra.headers } });
    for (const cookie of response.cookies as { name: string; value: string }[]) this.cookies[cookie.name] = cookie.value;
    return response;
  }

  async login(login: string): Promise<void> {
    const { token } = (await this.send('GET', '/site/csrf')).json<{ token: string }>();
    const response = await this.send('POST', '/site/auth/login', { headers: { [CSRF_HEADER]: token }, payload: { login, password: login } });
    if (response.statusCode !== 200) throw new Error(`The role table logs in as ${login}: ${response.statusCode} ${response.body}`);
  }
}

/** What the app did with one call: let the caller in (whatever it answered next), or refused it. */
function verdictOf(statusCode: number, message: string): Verdict {
  if (statusCode === 401) return 'login';
  if (statusCode === 403 && message !== MESSAGES.csrf) return 'refused';
  return 'allowed';
}

/** A URL for the route: the rule's URL of the small seed, else the pattern with each parameter as 1. */
export function urlOf(route: RegisteredRoute): string {
  const rule = ALL_RULES.find((item) => item.method === route.method && item.pattern === route.pattern);
  return rule?.url ?? route.pattern.replace(/:[A-Za-z_]+/g, '1');
}

/** Calls every route as every caller; the rows come in the registration order within each domain. */
export async function probeRoles(app: FastifyInstance, routes: readonly RegisteredRoute[]): Promise<RouteRow[]> {
  const { endpoints, paths } = await contractDomains();
  const callers: Caller[] = [];
  for (const { login } of CALLERS) {
    const caller = new Caller(app);
    if (login) await caller.login(login);
    callers.push(caller);
  }
  // A route the contract does not list (a file download …) goes with its module's other routes.
  const directDomain = (route: RegisteredRoute) => endpoints.get(`${route.method} ${route.pattern}`) ?? paths.get(route.pattern);
  const moduleDomain = new Map<string, string>();
  for (const route of routes) {
    const domain = directDomain(route);
    if (domain && !moduleDomain.has(route.plugin)) moduleDomain.set(route.plugin, domain);
  }
  const rows: RouteRow[] = [];
  for (const route of routes) {
    const verdicts: Verdict[] = [];
    for (const caller of callers) {
      // Mutations go without the CSRF token: a caller the route lets in stops at the CSRF check.
      const response = await caller.send(route.method, urlOf(route), route.method === 'GET' ? {} : { payload: {} });
      const message = response.headers['content-type']?.toString().includes('json') ? String(response.json<{ message?: unknown }>().message ?? '') : '';
      verdicts.push(verdictOf(response.statusCode, message));
    }
    rows.push({ ...route, domain: directDomain(route) ?? moduleDomain.get(route.plugin) ?? 'other', verdicts });
  }
  const order = [...new Set(rows.map((row) => row.domain))];
  return rows.sort((a, b) => order.indexOf(a.domain) - order.indexOf(b.domain));
}

const CELL: Record<Verdict, string> = { allowed: '✓', refused: '403', login: '401' };

/** A domain for one caller: every call, the reads only, none, or some. */
function summaryOf(rows: readonly RouteRow[], column: number): string {
  const reads = rows.filter(isRead);
  const writes = rows.filter((row) => !isRead(row));
  const allowed = (list: readonly RouteRow[]) => list.filter((row) => row.verdicts[column] === 'allowed').length;
  if (allowed(rows) === rows.length) return 'allowed';
  if (allowed(rows) === 0) return 'refused';
  if (reads.length > 0 && allowed(reads) === reads.length && allowed(writes) === 0) return 'read-only';
  return `partly (${allowed(rows)} of ${rows.length})`;
}

/** The markdown between the markers: the summary by domain, then every route. */
export function renderRoleTable(rows: readonly RouteRow[]): string {
  const heads = CALLERS.map((caller) => (caller.login ? `${caller.role} (${caller.login})` : caller.role));
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const rule = (count: number) => line(Array.from({ length: count }, () => '---'));
  const domains = [...new Set(rows.map((row) => row.domain))];
  const out = [
    ROLE_TABLE_START,
    `<!-- Generated from the routes the server registers: edit the code, then run \`${ROLE_TABLE_COMMAND}\`. -->`,
    '',
    `Generated by \`${ROLE_TABLE_COMMAND}\` (tests/server/role-table.ts), which builds the app on the small seed and`,
    'calls every API route as each demo account and without a session; tests/server/role-table.test.ts',
    'fails when this table and the code differ. A GET goes to a URL of the small seed; a mutation is',
    'sent without its CSRF token, so it changes nothing: a caller the route lets in meets the CSRF',
    'check, a caller it refuses gets 403 first. The checks a handler makes on the data itself (another',
    'buyer\'s device, a role a user may not hand out, support asking a device to send its matrix)',
    'come after this and are not shown.',
    '',
    `**By domain** (the contract file). *allowed*: every call; *read-only*: every read (the GETs, and the`,
    'searches sent as POST, marked *(read)* below) and no mutation;',
    '*refused*: none; *partly*: some.',
    '',
    line(['Domain', 'Routes', ...heads]),
    rule(heads.length + 2),
    ...domains.map((domain) => {
      const own = rows.filter((row) => row.domain === domain);
      return line([`\`${domain}\``, String(own.length), ...CALLERS.map((_, column) => summaryOf(own, column))]);
    }),
    '',
    `**By route.** ✓ the route lets the caller in; 403 refused for the role; 401 refused without a session.`,
    '',
    line(['Domain', 'Method', 'Path', ...heads]),
    rule(heads.length + 3),
    ...rows.map((row) => line([`\`${row.domain}\``, row.method === 'GET' || !isRead(row) ? row.method : `${row.method} (read)`, `\`${row.pattern}\``, ...row.verdicts.map((verdict) => CELL[verdict])])),
    ROLE_TABLE_END,
  ];
  return out.join('\n');
}

/** docs/api.md with the table replaced (or, the first time, put before "## Roles, routes and screens"). */
export function withRoleTable(document: string, table: string): string {
  const start = document.indexOf(ROLE_TABLE_START);
  const end = document.indexOf(ROLE_TABLE_END);
  if (start >= 0 && end > start) return document.slice(0, start) + table + document.slice(end + ROLE_TABLE_END.length);
  const section = `## Roles by route\n\n${table}\n\n`;
  const anchor = document.indexOf('## Roles, routes and screens');
  return anchor >= 0 ? document.slice(0, anchor) + section + document.slice(anchor) : `${document.trimEnd()}\n\n${section}`;
}

/** The table in a document, markers included; null when it has none. */
export function roleTableOf(document: string): string | null {
  const start = document.indexOf(ROLE_TABLE_START);
  const end = document.indexOf(ROLE_TABLE_END);
  return start >= 0 && end > start ? document.slice(start, end + ROLE_TABLE_END.length) : null;
}
