import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** The Drizzle database (or a transaction on it): both drivers share the pg-core query builder. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseOptions =
  | {
      kind: 'pglite';
      /** A directory for the PGlite files; null keeps the database in memory. */
      dataDir: string | null;
      /** A `dumpDataDir()` archive to start from (tests copy a migrated and seeded template this way). */
      loadDataDir?: Blob;
      /** PostgreSQL's buffer cache inside the WebAssembly heap (default 32MB; PostgreSQL's own default, 128MB, costs ~100 MB of memory). */
      sharedBuffers?: string;
    }
  | {
      kind: 'postgres';
      url: string;
      /** Connections in the pool (default 10). */
      poolSize?: number;
    };

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly drizzle: Db;
  /** The embedded client (tests dump it as a template); null on PostgreSQL. */
  readonly pglite: PGlite | null;
  /**
   * Applies the committed migrations, then runs `afterMigrate` (the seed) on the same connection.
   * On PostgreSQL both happen under an advisory lock, so several processes starting at once
   * neither migrate nor seed twice.
   */
  migrate(afterMigrate?: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Work that joins the outermost transaction opened on the app's database inside a request
 * (plugins/audit.ts writes the audit record this way): `beforeCommit` runs on the transaction after
 * the caller's work, so both commit or roll back together. Outside a request nothing changes.
 */
export interface TransactionObserver {
  beforeCommit(tx: Db): Promise<void>;
  /** A transaction starts: what it answers comes back to rolledBack if the transaction fails. */
  begin?(): number;
  /** The transaction begun with this mark rolled back (what it recorded goes with it). */
  rolledBack?(mark: number): void;
}

export const transactionObservers = new AsyncLocalStorage<TransactionObserver>();

function observeTransactions(db: Db): void {
  const open = db.transaction.bind(db);
  db.transaction = ((work: (tx: Db) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
    const observer = transactionObservers.getStore();
    const mark = observer?.begin?.();
    return open(async (tx) => {
      const result = await work(tx as unknown as Db);
      if (observer) await observer.beforeCommit(tx as unknown as Db);
      return result;
    }, config).catch((error: unknown) => {
      if (mark !== undefined) observer?.rolledBack?.(mark);
      throw error;
    });
  }) as Db['transaction'];
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** PGlite's own start parameters (replaced, not extended, when startParams is given). */
const PGLITE_DEFAULT_START_PARAMS = (PGlite as unknown as { defaultStartParams: readonly string[] }).defaultStartParams;

/** How long taking a pooled connection may wait (a new connection, or a free one in a full pool). */
const CONNECT_TIMEOUT_MS = 5_000;

/** An arbitrary constant: the advisory lock every process takes before migrating or seeding. */
const STARTUP_LOCK_ID = 7_341_205;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    startParams: [...PGLITE_DEFAULT_START_PARAMS, '-c', `shared_buffers=${options.sharedBuffers ?? '32MB'}`],
    // The house address and user login searches use trigram indexes (migration 0005).
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client });
  observeTransactions(db as unknown as Db);
  return {
    kind: 'pglite',
    drizzle: db as unknown as Db,
    pglite: client,
    // PGlite is one connection inside this process: nothing else can migrate at the same time.
    async migrate(afterMigrate) {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await afterMigrate?.(db as unknown as Db);
    },
    close: () => client.close(),
  };
}

/**
 * A transaction is one connection, and its handlers may still read in parallel (Promise.all):
 * pg queues such queries itself today but warns that pg 9 will not. Each connection's queries wait
 * for the one before instead. Callback and submittable forms (cursors) pass through untouched.
 */
function queueQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let previous: Promise<unknown> = Promise.resolve();
  const queued = (...args: unknown[]): unknown => {
    const [first] = args;
    const passThrough = typeof args[args.length - 1] === 'function' || (typeof first === 'object' && first !== null && 'submit' in first);
    if (passThrough) return query(...args);
    const run = previous.then(() => query(...args));
    previous = run.catch(() => undefined);
    return run;
  };
  client.query = queued as typeof client.query;
}

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // Dates are stored as timestamptz and rendered in UTC, whatever the server's TimeZone setting.
    options: '-c TimeZone=UTC',
    // A database that does not answer is a 503 within seconds, not a request that hangs.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A failed idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    // Nor one that fails while checked out between two queries (PostgreSQL stopped mid-transaction):
    // the query waiting on it gets the error, and the pool drops the connection when it comes back.
    client.on('error', () => undefined);
    queueQueries(client);
  });
  const db = drizzleNodePg({ client: pool });
  observeTransactions(db as unknown as Db);
  return {
    kind: 'postgres',
    drizzle: db as unknown as Db,
    pglite: null,
    async migrate(afterMigrate) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        try {
          const locked = drizzleNodePg({ client });
          await migrateNodePg(locked, { migrationsFolder: MIGRATIONS_FOLDER });
          await afterMigrate?.(locked as unknown as Db);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Rows of a query run as a named prepared statement on PostgreSQL (`name` prefixes the statement's
 * name): each pooled connection plans a shape of the query once, where planning costs more than
 * running it (the hot lists). PGlite, and a transaction's connection, run it as usual.
 */
export async function preparedRows<T extends Record<string, unknown>>(db: Db, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return (await client.query<T>({ name: statement, text, values: params })).rows;
}

/** SQLSTATE classes and codes that say the database is not there, not that the query is wrong. */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-3])/;
/** Node's socket errors when PostgreSQL does not listen or drops the connection. */
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own words for a connection that ended or never came (these errors carry no code). */
const UNAVAILABLE_TEXT = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether an error (or one it wraps: Drizzle's DrizzleQueryError keeps the driver's in `cause`)
 * means PostgreSQL cannot be reached right now: the server answers 503 and the pool connects
 * again by itself once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SOCKET.has(code) || (code.length === 5 && UNAVAILABLE_SQLSTATE.test(code)))) return true;
    if (UNAVAILABLE_TEXT.test(current.message)) return true;
  }
  return false;
}
