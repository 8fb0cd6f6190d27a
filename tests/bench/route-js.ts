// The JS a route loads (gzip), cold, service worker blocked, in Chromium, on the small seed:
//   node --import tsx tests/bench/route-js.ts --dist dist-mine --login operator /users /groups/1
// `--dist` is a build (`npx vite build --outDir dist-mine`); each path is opened by the given demo account,
// at 1440×900, or at 390×844 with `--phone` (a list shows cards there and loads no data grid).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, startServer } from '../e2e/server-process';
import { launchBenchBrowser, logIn, openContext } from './app-browser';
import { recordScripts, type LoadedScript } from './bundle';

export interface RouteJs {
  path: string;
  total: number;
  scripts: LoadedScript[];
  /** False when `main` never showed (the figure is then of a broken page). */
  ready: boolean;
}

/** Opens each path in a fresh context of a logged-in account and adds up the gzip size of the scripts it loaded. */
export const DESKTOP_VIEWPORT = { width: 1440, height: 900 } as const;
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

export async function measureRouteJs(options: {
  staticDir: string;
  login: string;
  paths: readonly string[];
  seed?: string;
  logFile?: string;
  viewport?: { width: number; height: number };
}): Promise<RouteJs[]> {
  const viewport = options.viewport ?? DESKTOP_VIEWPORT;
  const dataDir = await mkdtemp(join(tmpdir(), 'intercom-route-js-'));
  const env = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED: options.seed ?? 'small', STATIC_DIR: options.staticDir, DEVICE_FAILURE_SHARE: '0' };
  const server = await startServer({ env, logFile: options.logFile ?? join(tmpdir(), 'route-js-server.log'), timeoutMs: 300_000 });
  const browser = await launchBenchBrowser();
  try {
    const login = await openContext(browser, server.url, { serviceWorkers: 'block', viewport });
    await logIn(login.page, { login: options.login, password: options.login });
    const state = await login.context.storageState();
    await login.context.close();
    const figures: RouteJs[] = [];
    for (const path of options.paths) {
      const { context, page } = await openContext(browser, server.url, { serviceWorkers: 'block', storageState: state, viewport });
      try {
        let ready = true;
        const scripts = await recordScripts(page, async () => {
          await page.goto(path);
          ready = await page
            .locator('main')
            .first()
            .waitFor({ state: 'visible', timeout: 30_000 })
            .then(() => true)
            .catch(() => false);
        });
        figures.push({ path, total: scripts.reduce((sum, script) => sum + script.gzip, 0), scripts, ready });
      } finally {
        await context.close();
      }
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(name);
    if (at < 0) return fallback;
    const [value] = args.splice(at, 2).slice(1);
    return value ?? fallback;
  };
  const staticDir = resolve(repoRoot, option('--dist', 'dist'));
  const login = option('--login', 'operator');
  const phone = args.includes('--phone');
  const paths = args.filter((arg) => arg !== '--phone');
  const figures = await measureRouteJs({ staticDir, login, paths, viewport: phone ? PHONE_VIEWPORT : DESKTOP_VIEWPORT });
  for (const route of figures) {
    console.log(`${route.path}: ${(route.total / 1024).toFixed(1)} KB gzip in ${route.scripts.length} scripts${route.ready ? '' : ' (the screen never showed)'}`);
    for (const script of route.scripts) console.log(`  ${(script.gzip / 1024).toFixed(1).padStart(7)} KB  ${script.url}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
