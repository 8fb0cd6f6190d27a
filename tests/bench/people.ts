// People screens: on the large seed (PostgreSQL), as the operator (buyer 1), at 10 connections:
//   - GET /front/user/list?page=1&login=<3 letters> over a dozen fragments of the seed's logins
//     (phone numbers `79…` and the staff's names), over 24 drawn from the logins at random (1–4
//     characters) and over the broadest a person types («79», «7», «1», «a»), p99 ≤ 20 ms each;
//   - GET /front/user/{id} of about 200 users of buyer 1 with every section of the card filled
//     (flats, SIP accounts, phones, access entries, groups), spread over the data, p99 ≤ 30 ms.
// Every answer's status is counted: a 404 is a broken call, not a fast one.
//
// Standalone: node --import tsx tests/bench/people.ts (BENCH_LARGE_DATABASE_URL, or
// BENCH_DATABASE_URL / TEST_DATABASE_URL beside which the bench's large database lives; it is
// built when missing, as in tests/bench/housing.ts).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { repoRoot, startServer } from '../e2e/server-process';
import { largeSeedReport, seededDraws, withClient, type LargeSeedFigures } from './housing';
import { latencyRow, loadPaths, logInCookie, statusSummary, type LoadFigures, type LoadOptions } from './load';

export const PEOPLE_BUDGET = { userSearchP99Ms: 20, userCardP99Ms: 30 };
const OPERATOR = { login: 'operator', password: 'operator' } as const;
const USER_SAMPLE = 200;
/**
 * Three characters an operator types: the residents' logins are phone numbers (`79` and nine
 * digits), so a fragment of them matches 0.3–10 % of the users (`795`, `790` a tenth of them,
 * past the list's count cap); the staff's logins are names.
 */
export const LOGIN_FRAGMENTS = ['795', '790', '912', '555', '123', '007', '468', '250', '831', '999', 'pov', 'ale'] as const;

/** The broadest things a person types into the login search: each matches a large share of the seed's logins, or its start. */
export const BROAD_LOGIN_FRAGMENTS = ['79', '7', '1', '12', '00', '9', 'a', 'op', 'ov', '790', '555', 'er'] as const;

/**
 * `count` fragments of the seed's logins, drawn with a fixed seed (the same every run): one or two
 * characters of a login's start (shorter parts are looked for there) or three or four from anywhere.
 */
async function drawnLoginFragments(url: string, count: number): Promise<string[]> {
  const logins = await withClient(url, async (client) => (await client.query<{ login: string }>(`select login from users order by md5(id::text) limit ${count}`)).rows.map((row) => row.login));
  const next = seededDraws(0x1b873593);
  return logins.map((login) => {
    const length = Math.min(login.length, 1 + next(4));
    const start = length <= 2 ? 0 : next(login.length - length + 1);
    return login.slice(start, start + length);
  });
}

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

export interface PeopleApiFigures {
  userSearch: LoadFigures;
  drawnSearch: LoadFigures;
  broadSearch: LoadFigures;
  userCard: LoadFigures;
}

/** Users of buyer 1 with every section of the card filled (flats, SIP accounts, phones, access entries, groups), spread over the table. */
async function operatorUsers(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select id from (
         select u.id, row_number() over (order by u.id) as n, count(*) over () as total
         from users u
         where u.buyer_id = 1 and exists (select 1 from flat_users f where f.user_id = u.id)
           and exists (select 1 from sip_accounts s where s.user_id = u.id) and exists (select 1 from user_devices d where d.user_id = u.id)
           and exists (select 1 from user_access a where a.user_id = u.id) and exists (select 1 from user_groups g where g.user_id = u.id)
       ) spread where n % greatest(1, total / ${USER_SAMPLE}) = 0 order by n limit ${USER_SAMPLE}`,
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/** The user search and the user card on the large seed, as the operator, at 10 connections. */
export async function peopleApiReport(heading: Heading, table: Table, large: LargeSeedFigures | null, options: LoadOptions & { logFile: string }): Promise<PeopleApiFigures | null> {
  heading('User search and user card on the large seed (PostgreSQL, operator, 10 connections)');
  if (!large) {
    console.log('  skipped: no large-seed database');
    return null;
  }
  const ids = await operatorUsers(large.url);
  if (ids.length === 0) {
    console.log('  skipped: the large seed has no user of buyer 1 with every section of the card filled');
    return null;
  }
  const cards = ids.map((id) => `/front/user/${id}`);
  const searchPaths = (fragments: readonly string[]) => fragments.map((fragment) => `/front/user/list?page=1&login=${encodeURIComponent(fragment)}`);
  const searches = searchPaths(LOGIN_FRAGMENTS);
  const drawn = await drawnLoginFragments(large.url, 24);
  console.log(`  drawn fragments: ${drawn.map((fragment) => `«${fragment}»`).join(' ')}; broad: ${BROAD_LOGIN_FRAGMENTS.map((fragment) => `«${fragment}»`).join(' ')}`);
  const env = { LOG_LEVEL: 'silent', DATABASE_URL: large.url, SEED: 'none', JOBS_ENABLED: 'false', DEVICE_FAILURE_SHARE: '0' };
  const server = await startServer({ env, logFile: options.logFile, timeoutMs: 120_000 });
  const quick = { ...options, connections: 10 };
  try {
    const cookie = await logInCookie(server.url, OPERATOR.login, OPERATOR.password);
    for (const path of [cards[0]!, searches[0]!]) {
      const probe = await fetch(`${server.url}${path}`, { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', Cookie: cookie } });
      const body = await probe.text();
      console.log(`  probe GET ${path}: HTTP ${probe.status}, ${body.length} bytes${probe.ok ? '' : ` (${body.slice(0, 160)})`}`);
    }
    const userSearch = await loadPaths(`GET /front/user/list?page=1&login=<3 letters>, ${searches.length} fragments`, server.url, searches, cookie, quick);
    const drawnSearch = await loadPaths(`GET /front/user/list?page=1&login=<drawn from the data>, ${drawn.length} fragments`, server.url, searchPaths(drawn), cookie, quick);
    const broadSearch = await loadPaths(`GET /front/user/list?page=1&login=<broad>, ${BROAD_LOGIN_FRAGMENTS.length} fragments`, server.url, searchPaths(BROAD_LOGIN_FRAGMENTS), cookie, quick);
    const userCard = await loadPaths(`GET /front/user/{id}, ${cards.length} users of buyer 1, every section filled`, server.url, cards, cookie, quick);
    table(
      [
        ['measure', 'p50', 'p99', 'req/s', 'requests', 'answers by status', 'errors'],
        ...[userSearch, drawnSearch, broadSearch, userCard].map((l) => [l.name, `${l.p50} ms`, `${l.p99} ms`, l.rps.toFixed(0), String(l.requests), statusSummary(l), String(l.errors)]),
      ],
      [false, true, true, true, true, false, true],
    );
    for (const l of [userSearch, drawnSearch, broadSearch, userCard]) if (l.non2xx > 0) console.log(`  BROKEN: ${l.name} answered ${l.non2xx} of ${l.requests} requests with a non-2xx status: its latency is not the call's`);
    return { userSearch, drawnSearch, broadSearch, userCard };
  } finally {
    await server.stop();
  }
}

/** Budget rows for run.ts: [budget, limit, measured, ratio, verdict]. */
export function peopleBudgetRows(figures: PeopleApiFigures | null): string[][] {
  return [
    latencyRow('GET /front/user/list?page=1&login=<3 letters> p99, 10 connections (large seed)', figures?.userSearch, PEOPLE_BUDGET.userSearchP99Ms),
    latencyRow('GET /front/user/list?page=1&login=<drawn from the data> p99, 10 connections', figures?.drawnSearch, PEOPLE_BUDGET.userSearchP99Ms),
    latencyRow('GET /front/user/list?page=1&login=<broad: «79», «7», «a»> p99, 10 connections', figures?.broadSearch, PEOPLE_BUDGET.userSearchP99Ms),
    latencyRow('GET /front/user/{id} (every section) p99, 10 connections (large seed)', figures?.userCard, PEOPLE_BUDGET.userCardP99Ms),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const heading: Heading = (title) => console.log(`\n== ${title}`);
  const table: Table = (rows) => rows.forEach((row) => console.log(`  ${row.join(' | ')}`));
  const logFile = join(repoRoot, 'test-results', 'bench-people.log');
  const load = { connections: 10, durationSeconds: Number(process.env.BENCH_DURATION ?? 10), warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2), logFile };
  const large = await largeSeedReport(heading, table);
  const api = await peopleApiReport(heading, table, large, load);
  for (const row of peopleBudgetRows(api)) console.log(`  ${row.join(' | ')}`);
}
