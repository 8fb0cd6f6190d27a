import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first successful HTTP answer. */
  startMs: number;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Variables for server/main.ts (PORT, HOST, DATA_DIR, SEED, DATABASE_URL …); PORT and HOST are filled in. */
  env: Record<string, string>;
  /** Where the server's stdout and stderr go; inherited from this process when absent. */
  logFile?: string;
  timeoutMs?: number;
  /** The entry point, relative to the repository root. */
  script?: string;
  /** A GET that answers 2xx once the server is up. */
  readyPath?: string;
}

/**
 * A new DATA_DIR whose PGlite (server/main.ts opens `<DATA_DIR>/pglite`) holds the `small` seed,
 * copied from the one global-setup.ts seeded for the run (`inject('seededDataDir')` in a test file).
 * A server opens it in 2–4 s, where migrating and seeding a new one took 10–23 s on a loaded 2-core
 * machine; the rows are the same either way.
 */
export async function copySeededDataDir(template: string, prefix: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  await cp(template, join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Starts the real server (`node --import tsx server/main.ts`, or `script`) and waits until it answers HTTP. */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const port = options.env.PORT ?? String(await freePort());
  const host = options.env.HOST ?? '127.0.0.1';
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, PORT: port, HOST: host };
  // An outer DATABASE_URL must not silently move a PGlite run onto PostgreSQL.
  if (options.env.DATABASE_URL === undefined) delete env.DATABASE_URL;

  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'server/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', options.logFile ? 'pipe' : 'inherit', options.logFile ? 'pipe' : 'inherit'],
  });
  if (options.logFile) {
    await mkdir(dirname(options.logFile), { recursive: true });
    const log = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }

  const url = `http://${host}:${port}`;
  const stop = () => stopChild(child);
  try {
    await waitForHttp(`${url}${options.readyPath ?? '/site/csrf'}`, child, options.timeoutMs ?? 240_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, startMs: performance.now() - started, stop };
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before answering ${url}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        await response.arrayBuffer();
        return;
      }
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms (${lastError})`);
}

export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
