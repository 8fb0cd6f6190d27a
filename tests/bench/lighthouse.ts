// Lighthouse, judged from outside: the installer's screens with the mobile preset (simulated slow 4G,
// 4× CPU, a phone's screen), the operator's with the desktop preset, on the small seed (PGlite).
//   node --import tsx tests/bench/lighthouse.ts [--dist dist] [--only <part of a route's name>]
// Each route opens in a new profile that holds only the session of a login through the form (its
// cookies, and the app's logged flag in localStorage, which Lighthouse's own storage reset would wipe
// and so send every route to the login page): no HTTP cache, no service worker, no Cache Storage. The login page is opened with nothing at all: an installer's first visit.
// Each route's HTML report is left in test-results/lighthouse/.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_PATH } from '../e2e/browser';
import { freePort, repoRoot, startServer } from '../e2e/server-process';
import { launchBenchBrowser, logIn, openContext } from './app-browser';
import { DIST } from './bundle';
import { heading, table } from './print';

/** An ISCOM_X1 panel of buyer 1 in the small seed: the set-up wizard's device. */
const SETUP_MAC = 'E4:5A:D4:00:00:06';
const MOBILE_ROUTES = [
  { name: 'login', path: '/site/auth', login: null },
  { name: 'home', path: '/', login: 'installer' },
  { name: 'serial-number wizard', path: '/devices/serial-number-wizard', login: 'installer' },
  { name: 'port wizard', path: '/devices/wizard', login: 'installer' },
  { name: 'set-up wizard', path: `/devices/${SETUP_MAC}/wizard`, login: 'installer' },
  { name: 'replace wizard', path: '/devices/replace-wizard', login: 'installer' },
  { name: 'outbox', path: '/outbox', login: 'installer' },
] as const;
const DESKTOP_ROUTES = ['/devices', '/houses', '/users', '/keys', '/devices/history'].map((path) => ({ name: path, path, login: 'operator' }));

/**
 * Runs per route: one run's scores move by ten points here (whether the shell paints before the
 * app's script runs is a race on a fast local network, and the CPU is shared), so the median run counts.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Each route's whole report (the last run's), for reading what a score is made of. */
const REPORT_DIR = join(repoRoot, 'test-results', 'lighthouse');

export const LIGHTHOUSE_BUDGET = {
  mobilePerformance: 90,
  desktopPerformance: 95,
  accessibility: 100,
  bestPractices: 100,
  mobileBlockingMs: 200,
  loginFirstPaintMs: 1_500,
} as const;

export interface LighthouseFigures {
  name: string;
  path: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  bestPractices: number;
  firstPaintMs: number;
  largestPaintMs: number;
  blockingMs: number;
  /** The failing audits of accessibility and best practices, by id: what keeps a score under 100. */
  failing: string[];
  /** Every run's performance score; the other figures are the median run's (by that score). */
  scores: number[];
  /** Where the page ended up (a redirect to the login page would make the figures a login page's). */
  finalPath: string;
}

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;
type Route = { name: string; path: string; login: string | null };

const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

type SavedLogin = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Logs in through the form in a throwaway context and keeps what the browser then holds. */
async function savedLogin(baseUrl: string, login: string): Promise<SavedLogin> {
  const browser = await launchBenchBrowser();
  try {
    const { context, page } = await openContext(browser, baseUrl, { serviceWorkers: 'block' });
    await logIn(page, { login, password: login });
    return await context.storageState();
  } finally {
    await browser.close();
  }
}

/**
 * A new profile holding only the session: the cookies, and the origin's localStorage written from a
 * page the browser never fetched (fulfilled by hand, so nothing of the app reaches its HTTP cache).
 */
async function coldProfile(baseUrl: string, login: SavedLogin | null, port: number): Promise<{ context: BrowserContext; profile: string }> {
  const profile = await mkdtemp(join(tmpdir(), 'intercom-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    locale: 'ru-RU',
    timezoneId: 'UTC',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  if (login) {
    await context.addCookies(login.cookies);
    const storage = login.origins.find((entry) => entry.origin === new URL(baseUrl).origin)?.localStorage ?? [];
    await page.route('**/*', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>-</title>' }));
    await page.goto(`${baseUrl}/lighthouse-storage`);
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, storage);
    await page.unrouteAll();
  }
  await page.goto('about:blank');
  return { context, profile };
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function audit(baseUrl: string, route: Route, preset: 'mobile' | 'desktop', login: SavedLogin | null): Promise<LighthouseFigures> {
  const port = await freePort();
  const { context, profile } = await coldProfile(baseUrl, login, port);
  try {
    const flags: Flags = {
      port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // The session is kept (see the head of the file); the profile is new, so nothing else is in it.
      disableStorageReset: login !== null,
    };
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(`${baseUrl}${route.path}`, flags, config);
    if (!result) throw new Error(`Lighthouse gave no result for ${route.path}`);
    const { lhr } = result;
    await mkdir(REPORT_DIR, { recursive: true });
    await writeFile(join(REPORT_DIR, `${preset}-${route.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}.html`), String(result.report));
    if (lhr.runtimeError) throw new Error(`${route.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const categories = lhr.categories;
    const failing = ['accessibility', 'best-practices'].flatMap((id) =>
      (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
    );
    return {
      name: route.name,
      path: route.path,
      preset,
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      bestPractices: score(categories['best-practices']?.score),
      firstPaintMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      largestPaintMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      blockingMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      failing,
      scores: [score(categories.performance?.score)],
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** Every route of the issue through Lighthouse, one after another (the figures are the machine's alone). */
export async function measureLighthouse(options: { staticDir: string; logFile: string; only?: string }): Promise<LighthouseFigures[]> {
  const chosen = (route: Route) => !options.only || route.name.includes(options.only);
  const dataDir = await mkdtemp(join(tmpdir(), 'intercom-lighthouse-data-'));
  const env = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED: 'small', STATIC_DIR: options.staticDir, DEVICE_FAILURE_SHARE: '0', MC_SCHEDULE_MS: '0' };
  const server = await startServer({ env, logFile: options.logFile, timeoutMs: 300_000 });
  try {
    const logins = new Map<string, SavedLogin>();
    const loginOf = async (account: string | null) => {
      if (!account) return null;
      const saved = logins.get(account) ?? (await savedLogin(server.url, account));
      logins.set(account, saved);
      return saved;
    };
    const medianRun = async (route: Route, preset: 'mobile' | 'desktop') => {
      const runs: LighthouseFigures[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(server.url, route, preset, await loginOf(route.login)));
      const scores = runs.map((run) => run.performance);
      const [median] = [...runs].sort((a, b) => a.performance - b.performance).slice(Math.floor(runs.length / 2));
      if (!median) throw new Error(`no Lighthouse run of ${route.path}`);
      return { ...median, scores };
    };
    const figures: LighthouseFigures[] = [];
    for (const route of MOBILE_ROUTES.filter(chosen)) figures.push(await medianRun(route, 'mobile'));
    for (const route of DESKTOP_ROUTES.filter(chosen)) figures.push(await medianRun(route, 'desktop'));
    return figures;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'OVER');

export function lighthouseTable(figures: readonly LighthouseFigures[], table: Table): void {
  table(
    [
      ['route', 'preset', 'perf. (runs)', 'a11y', 'best pr.', 'FCP', 'LCP', 'TBT', 'ended on', 'failing audits'],
      ...figures.map((figure) => [
        figure.name,
        figure.preset,
        `${figure.performance} (${figure.scores.join(', ')})`,
        String(figure.accessibility),
        String(figure.bestPractices),
        ms(figure.firstPaintMs),
        ms(figure.largestPaintMs),
        ms(figure.blockingMs),
        figure.finalPath,
        figure.failing.join(', ') || '-',
      ]),
    ],
    [false, false, true, true, true, true, true, true, false, false],
  );
}

/** Budget rows: [measure, budget, measured, ratio, verdict]. */
export function lighthouseBudgetRows(figures: readonly LighthouseFigures[] | null): string[][] {
  if (!figures) return [['Lighthouse', '-', 'not measured', '-', 'FAILED']];
  const rows: string[][] = [];
  for (const figure of figures) {
    const performanceGoal = figure.preset === 'mobile' ? LIGHTHOUSE_BUDGET.mobilePerformance : LIGHTHOUSE_BUDGET.desktopPerformance;
    const label = `Lighthouse ${figure.preset} ${figure.name}`;
    rows.push([`${label}: performance`, `≥ ${performanceGoal}`, String(figure.performance), '-', verdict(figure.performance >= performanceGoal)]);
    rows.push([`${label}: accessibility / best practices`, '100 / 100', `${figure.accessibility} / ${figure.bestPractices}`, '-', verdict(figure.accessibility >= 100 && figure.bestPractices >= 100)]);
    if (figure.preset === 'mobile') {
      rows.push([`${label}: total blocking time`, `≤ ${LIGHTHOUSE_BUDGET.mobileBlockingMs} ms`, ms(figure.blockingMs), '-', verdict(figure.blockingMs <= LIGHTHOUSE_BUDGET.mobileBlockingMs)]);
    }
    if (figure.path === '/site/auth') {
      rows.push([`${label}: first contentful paint`, `≤ ${LIGHTHOUSE_BUDGET.loginFirstPaintMs} ms`, ms(figure.firstPaintMs), '-', verdict(figure.firstPaintMs <= LIGHTHOUSE_BUDGET.loginFirstPaintMs)]);
    }
    if (figure.finalPath !== new URL(figure.path, 'http://x').pathname) rows.push([`${label}: ended on ${figure.finalPath}, not its route`, '-', '-', '-', 'FAILED']);
  }
  return rows;
}

export async function lighthouseReport(heading: Heading, table: Table, options: { staticDir?: string; logFile: string; only?: string }): Promise<LighthouseFigures[] | null> {
  heading('Lighthouse (small seed, PGlite): installer routes with the mobile preset, operator routes with the desktop preset');
  try {
    const figures = await measureLighthouse({ staticDir: options.staticDir ?? DIST, logFile: options.logFile, only: options.only });
    lighthouseTable(figures, table);
    return figures;
  } catch (error) {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distAt = process.argv.indexOf('--dist');
  const staticDir = distAt > 0 ? resolve(repoRoot, process.argv[distAt + 1] ?? 'dist') : DIST;
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
  const figures = await lighthouseReport(heading, table, { staticDir, only, logFile: join(repoRoot, 'test-results', 'lighthouse-server.log') });
  if (figures) table([['measure', 'budget', 'measured', 'ratio', 'verdict'], ...lighthouseBudgetRows(figures)], []);
  process.exit(figures ? 0 : 1);
}
