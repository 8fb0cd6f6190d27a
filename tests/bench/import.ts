// A file of 50,000 flats-with-residents rows, on PostgreSQL: the dry run ≤ 10 s, the
// apply ≥ 2,000 rows/s, memory flat (the file is streamed); then the export re-imported shows 0
// changes.
//
// A fresh database beside BENCH_DATABASE_URL / TEST_DATABASE_URL gets the small seed and one
// house with a main entrance over flats 1–99,999. The file (generated here, ~2.6 MB): 25,000
// flats with two residents each (a new phone per row, a name). The app runs in this process
// (buildApp, the calls through inject); the process's RSS is sampled every 50 ms.
//
// Standalone: node --import tsx tests/bench/import.ts (BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER } from '../../contract/common';
import { flatsExportPath, importEndpoints, type ImportDryRun, type ImportFile, type ImportJob, type ImportKind, type ImportMapping } from '../../contract/imports';
import { buildApp } from '../../server/app';
import { entranceRanges, entrances, houses } from '../../server/db/schema/houses';
import { adminQuery } from '../server/postgres';

export const IMPORT_BUDGET = { rows: 50_000, dryRunMs: 10_000, applyRowsPerSecond: 2_000 };
const MB = 1024 * 1024;
const HOUSE = 'bench-import-house';
const MAPPING: ImportMapping = { flat: 'flat', letter: 'letter', phone: 'phone', name: 'name' };

export type Heading = (title: string) => void;
export type Table = (rows: string[][], alignRight: boolean[]) => void;

export interface ImportFigures {
  rows: number;
  fileBytes: number;
  uploadMs: number;
  dryRunMs: number;
  applyMs: number;
  applyRowsPerSecond: number;
  /** The process's RSS above its level before the upload, at its highest during the dry run and the apply. */
  rssGrowth: number;
  exportMs: number;
  reimportChanges: number;
  reimportDryRunMs: number;
}

/** The generated file: flat ⌈n/2⌉, a fresh phone and a name per row. */
export function importFile(rows: number): Buffer {
  const lines = ['flat;letter;phone;name'];
  for (let n = 1; n <= rows; n++) lines.push(`${Math.ceil(n / 2)};;+7 (950) ${String(n).padStart(7, '0')};Житель ${n}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

export class Session {
  private cookies = new Map<string, string>();
  private token = '';
  constructor(private readonly app: FastifyInstance) {}

  async call(method: 'GET' | 'POST', url: string, body?: Buffer | object, contentType?: string) {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
    if (method === 'POST' && this.token) headers[CSRF_HEADER] = this.token;
    if (contentType) headers['content-type'] = contentType;
    const response = await this.app.inject({ method, url, headers, cookies: Object.fromEntries(this.cookies), ...(body === undefined ? {} : { payload: body }) });
    for (const cookie of response.cookies as { name: string; value: string }[]) this.cookies.set(cookie.name, cookie.value);
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
    return response;
  }

  async login(login: string) {
    const csrf = async () => (this.token = ((await this.call('GET', '/site/csrf')).json() as { token: string }).token);
    await csrf();
    await this.call('POST', '/site/auth/login', { login, password: login });
    await csrf();
  }
}

export function rssSampler() {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return { stop: () => (clearInterval(timer), peak - base) };
}

/** One kind's bench: its file and database, and the calls that take the file in and give it back. */
export interface ImportBench {
  title: string;
  /** The database's name prefix. */
  database: string;
  kind: ImportKind;
  rows: number;
  file: Buffer;
  mapping: ImportMapping;
  fileNote?: string;
  dryRunPath: string;
  applyPath: string;
  exportPath: string;
  /** What the kind needs in the database before the upload. */
  setup: (app: FastifyInstance) => Promise<void>;
  /** A note for the apply's line (what it left behind), once it is done. */
  applied?: (app: FastifyInstance) => Promise<string>;
}

/** Upload, dry run, apply (polled), export and the export's dry run, on a fresh PostgreSQL database. */
export async function runImportBench(heading: Heading, table: Table, bench: ImportBench): Promise<ImportFigures | null> {
  const { rows, file } = bench;
  heading(bench.title);
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('  skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it');
    return null;
  }
  const name = `${bench.database}_${randomBytes(4).toString('hex')}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  await adminQuery(base, `create database ${name}`);
  let app: FastifyInstance | null = null;
  try {
    app = await buildApp({ database: { kind: 'postgres', url: url.href, poolSize: 4 }, seed: 'small', jobs: { enabled: false }, mcUploads: { enabled: false } });
    await bench.setup(app);
    const session = new Session(app);
    await session.login('operator');
    const upload = async (body: Buffer) =>
      ((await session.call('POST', `${importEndpoints.upload.path({})}?kind=${bench.kind}`, body, 'application/octet-stream')).json() as { data: ImportFile }).data;
    const dryRun = async (id: string) => ((await session.call('POST', bench.dryRunPath, { file: id, mapping: bench.mapping })).json() as { data: ImportDryRun }).data;

    const memory = rssSampler();
    let started = performance.now();
    const uploaded = await upload(file);
    const uploadMs = performance.now() - started;
    started = performance.now();
    const planned = await dryRun(uploaded.id);
    const dryRunMs = performance.now() - started;
    if (planned.counts.create !== rows) throw new Error(`the dry run would create ${planned.counts.create} rows of ${rows}: ${JSON.stringify(planned.rows.slice(0, 3))}`);
    started = performance.now();
    let job = ((await session.call('POST', bench.applyPath, { file: uploaded.id, mapping: bench.mapping })).json() as { data: ImportJob }).data;
    while (job.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = ((await session.call('GET', importEndpoints.job.path({ id: job.id }))).json() as { data: ImportJob }).data;
    }
    const applyMs = performance.now() - started;
    const rssGrowth = memory.stop();
    if (job.state !== 'done' || job.counts.create !== rows) throw new Error(`the apply ended ${job.state}: ${JSON.stringify(job.counts)} ${job.message ?? ''}`);
    const appliedNote = bench.applied ? `, ${await bench.applied(app)}` : '';

    started = performance.now();
    const exported = (await session.call('GET', bench.exportPath)).rawPayload;
    const exportMs = performance.now() - started;
    const again = await upload(exported);
    started = performance.now();
    const replanned = await dryRun(again.id);
    const reimportDryRunMs = performance.now() - started;

    const figures: ImportFigures = {
      rows,
      fileBytes: file.length,
      uploadMs,
      dryRunMs,
      applyMs,
      applyRowsPerSecond: (rows / applyMs) * 1000,
      rssGrowth,
      exportMs,
      reimportChanges: replanned.counts.create + replanned.counts.change + replanned.counts.refused,
      reimportDryRunMs,
    };
    table(
      [
        ['file', `${rows} rows, ${(file.length / MB).toFixed(1)} MB${bench.fileNote ?? ''}`],
        ['upload (spooled, detected)', `${uploadMs.toFixed(0)} ms`],
        ['dry run', `${(dryRunMs / 1000).toFixed(2)} s`],
        ['apply (POST to the poll that saw it done)', `${(applyMs / 1000).toFixed(2)} s, ${figures.applyRowsPerSecond.toFixed(0)} rows/s${appliedNote}`],
        ['RSS growth during dry run and apply', `${(rssGrowth / MB).toFixed(1)} MB`],
        ['export', `${exportMs.toFixed(0)} ms, ${(exported.length / MB).toFixed(1)} MB`],
        ['re-import dry run of the export', `${(reimportDryRunMs / 1000).toFixed(2)} s, ${figures.reimportChanges} changes (${replanned.counts.unchanged} unchanged)`],
      ],
      [false, true],
    );
    return figures;
  } finally {
    await app?.close();
    await adminQuery(base, `drop database if exists ${name} with (force)`);
  }
}

export async function importReport(heading: Heading, table: Table, options: { rows?: number } = {}): Promise<ImportFigures | null> {
  const rows = options.rows ?? IMPORT_BUDGET.rows;
  return runImportBench(heading, table, {
    title: `Bulk import of ${rows.toLocaleString('en')} flat rows (PostgreSQL, in process)`,
    database: 'intercom_bench_import',
    kind: 'flats',
    rows,
    file: importFile(rows),
    mapping: MAPPING,
    dryRunPath: importEndpoints.flatsDryRun.path({ house: HOUSE }),
    applyPath: importEndpoints.flatsApply.path({ house: HOUSE }),
    exportPath: flatsExportPath(HOUSE),
    setup: async (app) => {
      const db = app.database.drizzle;
      await db.insert(houses).values({ uid: HOUSE, address: 'г. Бенч, ул. Импортная, д. 1', region: 77 });
      await db.insert(entrances).values({ uid: `${HOUSE}-1`, buyerId: 1, houseUid: HOUSE, entranceNum: 1, title: 'Подъезд 1', type: 1 });
      await db.insert(entranceRanges).values({ entranceUid: `${HOUSE}-1`, rangeStart: 1, rangeEnd: 99_999 });
    },
  });
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'OVER');

/** Budget, measured, ratio, verdict: rows for the bench's summary table. */
export function importBudgetRows(figures: ImportFigures | null, what = 'import'): string[][] {
  const rows = `${IMPORT_BUDGET.rows.toLocaleString('en')} rows`;
  if (!figures) {
    return [
      [`${what} dry run, ${rows} (PostgreSQL)`, `≤ ${IMPORT_BUDGET.dryRunMs / 1000} s`, 'not measured', '-', 'SKIPPED'],
      [`${what} apply, ${rows} (PostgreSQL)`, `≥ ${IMPORT_BUDGET.applyRowsPerSecond} rows/s`, 'not measured', '-', 'SKIPPED'],
    ];
  }
  return [
    [`${what} dry run, ${rows} (PostgreSQL)`, `≤ ${IMPORT_BUDGET.dryRunMs / 1000} s`, `${(figures.dryRunMs / 1000).toFixed(2)} s`, `${((figures.dryRunMs / IMPORT_BUDGET.dryRunMs) * 100).toFixed(0)}%`, verdict(figures.dryRunMs <= IMPORT_BUDGET.dryRunMs)],
    [
      `${what} apply, ${rows} (PostgreSQL)`,
      `≥ ${IMPORT_BUDGET.applyRowsPerSecond} rows/s`,
      `${figures.applyRowsPerSecond.toFixed(0)} rows/s`,
      `${((figures.applyRowsPerSecond / IMPORT_BUDGET.applyRowsPerSecond) * 100).toFixed(0)}%`,
      verdict(figures.applyRowsPerSecond >= IMPORT_BUDGET.applyRowsPerSecond),
    ],
    [`  ${what}: RSS growth (memory flat)`, '-', `${(figures.rssGrowth / MB).toFixed(1)} MB`, '-', '-'],
    [`  ${what}: export re-imported, changes`, '0', String(figures.reimportChanges), '-', figures.reimportChanges === 0 ? 'PASS' : 'OVER'],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const heading: Heading = (title) => console.log(`\n== ${title}`);
  const table: Table = (rows) => rows.forEach((row) => console.log(`  ${row.join('  ')}`));
  const figures = await importReport(heading, table, { rows: Number(process.env.BENCH_IMPORT_ROWS ?? IMPORT_BUDGET.rows) });
  importBudgetRows(figures).forEach((row) => console.log(`  ${row.join(' | ')}`));
}
