import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { object, string } from 'superstruct';
import {
  FLATS_EXPORT_PATTERN,
  IMPORT_FIELDS,
  IMPORT_PROBLEM_HEADER,
  IMPORT_RESULT_COLUMNS,
  IMPORT_RESULT_PATTERN,
  IMPORT_SAMPLE_ROWS,
  KEYS_EXPORT_PATTERN,
  KeysExportQuery,
  importEndpoints,
  type ImportKind,
  type ImportRun,
} from '../../contract/imports';
import { normalizeMac } from '../../contract/common';
import { MAX_FLAT_NUM } from '../../contract/flat-card';
import { PERMISSIONS, ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { parseInput } from '../http/validation';
import { CSV_BOM, csvLine } from '../import/csv-out';
import { ImportFileError, importError } from '../import/detect';
import { guessMapping, mappedRows } from '../import/mapping';
import { readHead } from '../import/read-rows';
import { recordChange, type AuditObject } from '../plugins/audit-changes';
import { houseObject } from '../repositories/audit-labels';
import { IMPORT_ID, ImportStore, type StoredUpload } from '../import/store';
import { DEFAULT_IMPORT_RUNNER_OPTIONS, ImportJobRunner, importPlanner, type ImportJobRunnerOptions } from '../jobs/import-job-runner';
import { definedOnly } from '../jobs/lease-runner';
import { createImportJob, importJobOf, importResultLines, type ImportJobRun } from '../repositories/import-jobs';
import { buyerScope, currentUser } from '../plugins/session';
import { flatExportBatch } from '../repositories/imports-flats';
import { keyExportBatch, type KeyExportFilter } from '../repositories/imports-keys';
import { dryRun, type BatchPlanner } from '../repositories/imports-plan';
import { FLAT_EDITORS, FLAT_READERS } from './flats-shared';
import { houseInScope } from './houses';
import { KEY_EDITORS, KEY_READERS, compactKeyValue, isHex } from './keys-shared';

/** Whoever may import something may upload a file and follow a job (each import then checks its own rule). */
const IMPORTERS = { permissions: [PERMISSIONS.housesList, PERMISSIONS.keysList], roles: [ROLES.management] } as const;
const HouseParams = object({ house: string() });
const JobParams = object({ id: string() });
const UPLOAD_TYPES = ['application/octet-stream', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'];
/** Flats read per export query. */
const EXPORT_FLATS = 1000;
/** Keys read per export query. */
const EXPORT_KEYS = 2000;
const JOB_NOT_FOUND = 'Задание импорта не найдено';

/** A file the import cannot read answers 400 (413 for one too large) with its problem's code for the client. */
async function fileStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ImportFileError) {
      throw new ApiError(error.problem === 'too-large' ? 413 : 400, error.message, { [IMPORT_PROBLEM_HEADER]: error.problem });
    }
    throw error;
  }
}

/** The upload's data rows with their mapped values; 400 for a mapping the header does not fit. */
async function uploadRows(store: ImportStore, upload: StoredUpload, run: ImportRun) {
  const path = await store.file(upload);
  return fileStep(() => mappedRows(path, upload.detection, upload.kind, run.mapping));
}

function csvDownload(lines: AsyncIterable<string>): Readable {
  return Readable.from(
    (async function* withBom() {
      yield CSV_BOM;
      yield* lines;
    })(),
  );
}

/** The /keys list's filters of the keys export, checked as the list checks them; 400 naming the field. */
function keyExportFilter(query: KeysExportQuery): KeyExportFilter {
  const filter: KeyExportFilter = {};
  const prefix = compactKeyValue(query.key ?? '');
  if (prefix !== '') {
    if (!isHex(prefix)) throw new ApiError(400, 'Некорректное поле key: ожидаются шестнадцатеричные цифры (0–9, A–F)');
    filter.valuePrefix = prefix;
  }
  const panelCode = (query.panelCode ?? '').trim();
  if (panelCode !== '') {
    if (!/^\d{1,6}$/.test(panelCode) || Number(panelCode) < 1 || Number(panelCode) > MAX_FLAT_NUM) {
      throw new ApiError(400, `Некорректное поле panelCode: ожидается целое число от 1 до ${MAX_FLAT_NUM}`);
    }
    filter.flatNum = Number(panelCode);
  }
  if ((query.mac ?? '').trim() !== '') {
    const mac = normalizeMac(query.mac ?? '');
    if (mac === null) throw new ApiError(400, 'Некорректное поле mac: ожидается MAC-адрес');
    filter.mac = mac;
  }
  return filter;
}

const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** An export's lines: the header, then each keyset page's rows (read until a page comes back empty). */
async function* exportLines<R>(header: readonly string[], page: (after: number) => Promise<R[]>, fields: (row: R) => (string | number | null)[], keyOf: (row: R) => number) {
  yield csvLine(header);
  let after = 0;
  for (;;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(fields(row))).join('');
    after = keyOf(rows[rows.length - 1]);
  }
}

function sendCsv(reply: FastifyReply, name: string, lines: AsyncIterable<string>) {
  reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', attachment(name)).header('Cache-Control', 'no-store');
  return reply.send(csvDownload(lines));
}

/** Bulk import with a dry run and the matching export (docs/api.md "Import and export"). */
export interface ImportRoutesOptions extends Partial<ImportJobRunnerOptions> {
  /** Work the import jobs in this process (default true); false leaves them to other processes. */
  enabled?: boolean;
}

export async function importRoutes(app: FastifyInstance, options: ImportRoutesOptions = {}): Promise<void> {
  const { enabled = true, ...runnerOptions } = options;
  const store = new ImportStore(() => app.database.drizzle);
  const runner = enabled ? new ImportJobRunner(app.database.drizzle, store, { ...DEFAULT_IMPORT_RUNNER_OPTIONS, ...definedOnly(runnerOptions) }, app.log) : null;
  if (runner) {
    app.addHook('onReady', async () => runner.start());
    // Before the database closes: the jobs in hand stop at their next batch and go back to the queue.
    app.addHook('preClose', async () => runner.stop());
  }
  app.addHook('onClose', () => store.close());
  // The file comes as the raw body, read as a stream (this plugin's routes only).
  app.addContentTypeParser(UPLOAD_TYPES, (_request, payload, done) => done(null, payload));

  defineRoute(app, importEndpoints.upload, { access: IMPORTERS }, async ({ query, request }) => {
    const body = request.body;
    if (!(body instanceof Readable)) return fileStep(() => Promise.reject(importError('no-file')));
    const name = query.name?.slice(0, 200) ?? null;
    // What the request was, once its stream is read: the audit and the logs must not walk a stream.
    request.body = { kind: query.kind, name };
    const upload = await fileStep(() => store.save(body, { userId: currentUser(request).userId, kind: query.kind, name }));
    request.body = { kind: query.kind, name, file: upload.id, size: upload.size };
    try {
      const path = await store.file(upload);
      const { headers, sample } = await fileStep(() => readHead(path, upload.detection, IMPORT_SAMPLE_ROWS));
      const { id, kind, size, detection } = upload;
      const data = { id, kind, name, size, format: detection.format, encoding: detection.encoding, separator: detection.separator, headers, sample, mapping: guessMapping(kind, headers) };
      return { result: true, data };
    } catch (error) {
      await store.forget(upload.id);
      throw error;
    }
  });

  /** The caller an import runs for (its buyer's scope and login), kept with a job so any process can run it. */
  function importRun(request: FastifyRequest, body: ImportRun, house?: string): ImportJobRun {
    const user = currentUser(request);
    return { mapping: body.mapping, ...(house === undefined ? {} : { house }), caller: { buyerId: user.buyerId, scope: buyerScope(request), login: user.login } };
  }

  async function dryRunOf<D>(db: Db, request: FastifyRequest, kind: ImportKind, body: ImportRun, planner: BatchPlanner<D>) {
    const upload = await fileStep(() => store.upload(body.file, currentUser(request).userId, kind));
    const rows = await uploadRows(store, upload, body);
    return fileStep(() => dryRun(db, planner, rows));
  }

  /**
   * The apply as a job in the database: a runner (this process's, or another's) plans and writes it a
   * batch at a time, each batch with its checkpoint and result lines. The mapping is checked here, so a
   * header it does not fit answers 400 at once.
   */
  async function applyJob(db: Db, request: FastifyRequest, kind: ImportKind, body: ImportRun, run: ImportJobRun, house?: AuditObject) {
    const userId = currentUser(request).userId;
    const upload = await fileStep(() => store.upload(body.file, userId, kind));
    await uploadRows(store, upload, body);
    const job = await createImportJob(db, { uid: randomUUID(), userId, kind, uploadId: upload.id, run, header: csvLine([...IMPORT_FIELDS[kind], ...IMPORT_RESULT_COLUMNS]) });
    runner?.wake();
    recordChange({ kind: kind === 'keys' ? 'key' : 'flat', id: `import:${job.id}`, label: upload.name ?? job.id, action: 'import', after: { file: upload.name }, parent: house ?? null });
    return { result: true, message: 'Импорт запущен', data: job };
  }

  defineRoute(app, importEndpoints.flatsDryRun, { access: FLAT_EDITORS, params: HouseParams }, async ({ params, body, request, db }) => {
    await houseInScope(db, params.house, buyerScope(request));
    return { result: true, data: await dryRunOf(db, request, 'flats', body, importPlanner('flats', importRun(request, body, params.house))) };
  });

  defineRoute(app, importEndpoints.flatsApply, { access: FLAT_EDITORS, params: HouseParams }, async ({ params, body, request, db }) => {
    await houseInScope(db, params.house, buyerScope(request));
    return applyJob(db, request, 'flats', body, importRun(request, body, params.house), await houseObject(db, params.house));
  });

  defineRoute(app, importEndpoints.keysDryRun, { access: KEY_EDITORS }, async ({ body, request, db }) => {
    return { result: true, data: await dryRunOf(db, request, 'keys', body, importPlanner('keys', importRun(request, body))) };
  });

  defineRoute(app, importEndpoints.keysApply, { access: KEY_EDITORS }, async ({ body, request, db }) => applyJob(db, request, 'keys', body, importRun(request, body)));

  async function requireJob(db: Db, request: FastifyRequest, id: string) {
    const job = IMPORT_ID.test(id) ? await importJobOf(db, id, currentUser(request).userId) : null;
    if (!job) throw new ApiError(404, JOB_NOT_FOUND);
    return job;
  }

  defineRoute(app, importEndpoints.job, { access: IMPORTERS, params: JobParams }, async ({ params, request, db }) => {
    const { seq: _seq, ...job } = await requireJob(db, request, params.id);
    return { result: true, data: job };
  });

  app.route({
    method: 'GET',
    url: IMPORT_RESULT_PATTERN,
    config: { access: IMPORTERS },
    handler: async (request, reply) => {
      const { id } = parseInput(JobParams, request.params);
      const db = app.database.drizzle;
      const job = await requireJob(db, request, id);
      if (job.state === 'running') throw new ApiError(409, 'Импорт ещё идёт: результат будет готов, когда он закончится');
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachment(`import-${job.kind}-result.csv`))
        .header('Cache-Control', 'no-store');
      return reply.send(csvDownload(importResultLines(db, job.seq)));
    },
  });

  app.route({
    method: 'GET',
    url: FLATS_EXPORT_PATTERN,
    config: { access: FLAT_READERS },
    handler: async (request, reply) => {
      const { house } = parseInput(HouseParams, request.params);
      const db = app.database.drizzle;
      const scope = buyerScope(request);
      await houseInScope(db, house, scope);
      const lines = exportLines(
        IMPORT_FIELDS.flats,
        (after) => flatExportBatch(db, house, scope, after, EXPORT_FLATS),
        (row) => [row.flat_num, row.letter, row.login, row.comment],
        (row) => Number(row.flat_num),
      );
      return sendCsv(reply, `flats-${house}.csv`, lines);
    },
  });

  app.route({
    method: 'GET',
    url: KEYS_EXPORT_PATTERN,
    config: { access: KEY_READERS },
    handler: async (request, reply) => {
      const filter = keyExportFilter(parseInput(KeysExportQuery, request.query));
      const db = app.database.drizzle;
      const scope = buyerScope(request);
      const lines = exportLines(
        IMPORT_FIELDS.keys,
        (after) => keyExportBatch(db, scope, filter, after, EXPORT_KEYS),
        (row) => [row.mac, row.value, row.key_type, row.flat_num, row.inner ? 1 : 0],
        (row) => Number(row.id),
      );
      return sendCsv(reply, 'keys.csv', lines);
    },
  });
}
