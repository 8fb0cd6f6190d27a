import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../e2e/server-process';

/*
 * A PostgreSQL instance of the test's own (initdb into a temp dir, pg_ctl on a free port), so a test
 * may stop and start it without touching the shared test database. PostgreSQL refuses to run as
 * root: as root every command runs through `runuser -u postgres --` in a directory that user owns.
 */

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin directory, or why there is none. */
export function postgresBinaries(): { bin: string } | { missing: string } {
  if (!existsSync(POSTGRES_ROOT)) return { missing: `${POSTGRES_ROOT} does not exist (no PostgreSQL server installed)` };
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => existsSync(join(POSTGRES_ROOT, name, 'bin', 'initdb')) && existsSync(join(POSTGRES_ROOT, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) return { missing: `no initdb and pg_ctl under ${POSTGRES_ROOT}/*/bin` };
  const asRoot = process.getuid?.() === 0;
  if (asRoot && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return { missing: 'running as root without runuser' };
  return { bin: join(POSTGRES_ROOT, versions[0], 'bin') };
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  start(): Promise<void>;
  /** A fast shutdown: open connections are ended. */
  stop(): Promise<void>;
  /** Stops it for good and deletes its files. */
  destroy(): Promise<void>;
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'intercom-pg-'));
  if (asRoot) {
    const { uid, gid } = await postgresUser();
    await chown(dir, uid, gid);
  }
  await chmod(dir, 0o700);
  const data = join(dir, 'data');
  const port = await freePort();
  const command = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);

  await command('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = async () => {
    await command('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    await command('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
