import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../e2e/server-process';
import { launchBenchBrowser } from './app-browser';
import { median, offlineReloadBench, printOfflineReload, wizardRouteScripts, type OfflineReloadFigures } from './offline-reload';
import { printReplay, replayBench, type ReplayFigures } from './replay';

/*
 * The issue-3 part of `npm run bench`: one real server (PGlite, SEED=small, a fresh data dir) and
 * one Chromium for the outbox replay, the offline reload and the wizard route's JS. A part that
 * fails is reported and the others still run.
 */

const KB = 1024;

export interface OfflineOptions {
  logFile: string;
  replayJobs: number;
  replayTimeoutMs: number;
  reloadRuns: number;
}

export interface OfflineFigures {
  replay: ReplayFigures | null;
  reload: OfflineReloadFigures | null;
  /** Per wizard route: its name, the gzip total and the number of scripts. */
  wizardJs: { name: string; total: number; scripts: number }[] | null;
  failures: string[];
}

type Table = (rows: string[][], alignRight: boolean[]) => void;
type Heading = (title: string) => void;

export { median };
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function message(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0] : String(error);
}

export async function offlineReport(options: OfflineOptions, heading: Heading, table: Table): Promise<OfflineFigures> {
  const figures: OfflineFigures = { replay: null, reload: null, wizardJs: null, failures: [] };
  heading(`Offline platform: real server (PGlite, SEED=small, fresh data dir) + Chromium`);
  const dataDir = await mkdtemp(join(tmpdir(), 'intercom-bench-offline-'));
  const started = performance.now();
  try {
    const server = await startServer({ env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED: 'small' }, logFile: options.logFile, timeoutMs: 300_000 });
    console.log(`  server answered ${ms(server.startMs)} after spawn (migrations + small seed)`);
    const browser = await launchBenchBrowser();
    try {
      heading(`Outbox replay: ${options.replayJobs} queued prepare-device jobs -> local server`);
      try {
        figures.replay = await replayBench(browser, server.url, { jobs: options.replayJobs, timeoutMs: options.replayTimeoutMs });
        printReplay(figures.replay);
      } catch (error) {
        figures.failures.push(`replay: ${message(error)}`);
        console.log(`  FAILED: ${message(error)}`);
      }

      heading(`Offline reload to interactive (SW-controlled, context offline, ${options.reloadRuns} reloads each)`);
      try {
        const reload = await offlineReloadBench(browser, server.url, options.reloadRuns);
        figures.reload = reload;
        printOfflineReload(reload, table);
      } catch (error) {
        figures.failures.push(`offline reload: ${message(error)}`);
        console.log(`  FAILED: ${message(error)}`);
      }

      heading('JS each wizard route loads (logged in as installer, cold cache, SW blocked)');
      try {
        const loaded = await wizardRouteScripts(browser, server.url);
        figures.wizardJs = [];
        for (const [route, scripts] of loaded) {
          const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
          figures.wizardJs.push({ name: route.name, total, scripts: scripts.length });
          console.log(`\n  ${route.name} (${route.path}): ${kb(total)} gzip in ${scripts.length} scripts (budget 250.0 KB)`);
          table([['script', 'raw', 'gzip'], ...scripts.map((s) => [s.url, kb(s.bytes), kb(s.gzip)])], [false, true, true]);
        }
      } catch (error) {
        figures.failures.push(`wizard route JS: ${message(error)}`);
        console.log(`  FAILED: ${message(error)}`);
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  } catch (error) {
    figures.failures.push(`offline platform: ${message(error)}`);
    console.log(`  FAILED: ${message(error)}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\n  issue-3 measurements took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return figures;
}
