import { array, boolean, enums, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { endpoint, withResult } from './common';
import { CODED_MESSAGE_FIELDS } from './server-texts';

// ---------------------------------------------------------------------------
// Bulk import with a dry run, and the matching export (docs/api.md "Import and export")

export const IMPORT_KINDS = ['flats', 'keys'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * The columns of each kind, in the export's order; the export's header is these names, so an
 * export re-imports as it is. flats: one row per resident of a flat (a flat without residents:
 * one row with no phone). keys: one row per panel key (the device's MAC, the value, its type, the
 * flat number in the device's houses, inner as 1 or 0).
 */
export const IMPORT_FIELDS = {
  flats: ['flat', 'letter', 'phone', 'name'],
  keys: ['mac', 'value', 'type', 'flat', 'inner'],
} as const satisfies Record<ImportKind, readonly string[]>;
export type ImportField = (typeof IMPORT_FIELDS)[ImportKind][number];
/** Fields a row cannot go without. */
export const IMPORT_REQUIRED: Record<ImportKind, readonly ImportField[]> = { flats: ['flat'], keys: ['mac', 'value'] };

/** The largest file taken (bytes) and the most data rows in one. */
export const IMPORT_MAX_BYTES = 60 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** At most this many rows (created, changed or refused; unchanged ones are only counted) come back from a dry run. */
export const IMPORT_DRY_RUN_ROWS = 500;
export const IMPORT_SAMPLE_ROWS = 5;
/** A resident's name (the user's comment) and a flat's letter: at most this long. */
export const IMPORT_NAME_MAX = 200;
export const IMPORT_LETTER_MAX = 10;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_ENCODINGS = ['utf-8', 'windows-1251'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
export const IMPORT_SEPARATORS = [';', ',', '\t'] as const;
export type ImportSeparator = (typeof IMPORT_SEPARATORS)[number];

/** Why a file was refused: the 400's `X-Import-Problem` header, worded by the client in its language. */
export const IMPORT_PROBLEMS = ['empty', 'binary', 'too-large', 'too-many-rows', 'broken-xlsx', 'broken-csv', 'no-header', 'no-file', 'expired'] as const;
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number];
export const IMPORT_PROBLEM_HEADER = 'X-Import-Problem';

/** A row's outcome: in a dry run what would happen, in a job's result what did (`failed`: the database refused it). */
export const IMPORT_STATUSES = ['create', 'change', 'unchanged', 'refused', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Why a row is refused; `detail` adds the value or the line it clashes with. */
export const IMPORT_REASONS = [
  'missing',
  'flat-bad',
  'letter-long',
  'phone-bad',
  'name-long',
  'duplicate',
  'letter-conflict',
  'name-conflict',
  'phone-other-buyer',
  'mac-bad',
  'device-unknown',
  'device-no-keys',
  'type-bad',
  'type-not-taken',
  'value-bad',
  'inner-bad',
  'flat-unknown',
  'key-both-sides',
  'failed',
] as const;
export type ImportReason = (typeof IMPORT_REASONS)[number];

/** What a created or changed row does. */
export const IMPORT_ACTIONS = ['flat', 'letter', 'resident', 'name', 'link', 'key', 'key-flat', 'key-inner', 'key-type'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** Field → the file's column header that holds it (null or absent: not in the file). */
export const ImportMapping = type({
  flat: optional(nullable(string())),
  letter: optional(nullable(string())),
  phone: optional(nullable(string())),
  name: optional(nullable(string())),
  mac: optional(nullable(string())),
  value: optional(nullable(string())),
  type: optional(nullable(string())),
  inner: optional(nullable(string())),
});
export type ImportMapping = Infer<typeof ImportMapping>;

export const ImportFileQuery = object({ kind: enums(IMPORT_KINDS), name: optional(string()) });
/** An uploaded file kept for its dry run and apply (an hour): its header and first rows, and a mapping guessed from the header. */
export const ImportFile = type({
  id: string(),
  kind: enums(IMPORT_KINDS),
  name: nullable(string()),
  size: number(),
  format: enums(IMPORT_FORMATS),
  encoding: enums(IMPORT_ENCODINGS),
  separator: enums(IMPORT_SEPARATORS),
  headers: array(string()),
  sample: array(array(string())),
  mapping: ImportMapping,
});
export type ImportFile = Infer<typeof ImportFile>;
export const ImportFileResponse = withResult({ data: ImportFile });

export const ImportRun = object({ file: string(), mapping: ImportMapping });
export type ImportRun = Infer<typeof ImportRun>;

export const ImportRow = type({
  /** The row's line in the file (the header is line 1). */
  line: number(),
  status: enums(IMPORT_STATUSES),
  reason: nullable(enums(IMPORT_REASONS)),
  /** The field a refusal is about, the clashing line or value, or a failure's message. */
  detail: nullable(string()),
  actions: array(enums(IMPORT_ACTIONS)),
  /** The mapped fields' values, in IMPORT_FIELDS order. */
  values: array(string()),
});
export type ImportRow = Infer<typeof ImportRow>;

export const ImportCounts = type({ total: number(), create: number(), change: number(), unchanged: number(), refused: number(), failed: number() });
export type ImportCounts = Infer<typeof ImportCounts>;

export const ImportDryRun = type({ counts: ImportCounts, rows: array(ImportRow), truncated: boolean() });
export type ImportDryRun = Infer<typeof ImportDryRun>;
export const ImportDryRunResponse = withResult({ data: ImportDryRun });

export const IMPORT_JOB_STATES = ['running', 'done', 'failed'] as const;
export const ImportJob = type({
  id: string(),
  kind: enums(IMPORT_KINDS),
  state: enums(IMPORT_JOB_STATES),
  /** Rows written so far, on any process (the total is known once the file is read through). */
  processed: number(),
  total: nullable(number()),
  counts: ImportCounts,
  /** Why a failed job stopped (Russian), coded for other languages when the server can (contract/server-texts.ts). */
  message: nullable(string()),
  ...CODED_MESSAGE_FIELDS,
});
export type ImportJob = Infer<typeof ImportJob>;
export const ImportJobResponse = withResult({ data: ImportJob });

export const importEndpoints = {
  /** The file as the raw body (application/octet-stream), at most IMPORT_MAX_BYTES. */
  upload: endpoint({ method: 'POST', pattern: '/front/imports/files', query: ImportFileQuery, response: ImportFileResponse }),
  flatsDryRun: endpoint({ method: 'POST', pattern: '/front/imports/flats/:house/dry-run', body: ImportRun, response: ImportDryRunResponse }),
  flatsApply: endpoint({ method: 'POST', pattern: '/front/imports/flats/:house/apply', body: ImportRun, response: ImportJobResponse }),
  keysDryRun: endpoint({ method: 'POST', pattern: '/front/imports/keys/dry-run', body: ImportRun, response: ImportDryRunResponse }),
  keysApply: endpoint({ method: 'POST', pattern: '/front/imports/keys/apply', body: ImportRun, response: ImportJobResponse }),
  job: endpoint({ method: 'GET', pattern: '/front/imports/jobs/:id', response: ImportJobResponse }),
} as const;

/**
 * The CSV downloads (`text/csv; charset=utf-8`, `;`, with a byte order mark), outside the
 * endpoint table whose answers are JSON: a house's flats with residents, and a job's rows with a
 * status column.
 */
export const flatsExportPath = (houseUid: string) => `/front/imports/flats/${encodeURIComponent(houseUid)}/export`;
export const FLATS_EXPORT_PATTERN = '/front/imports/flats/:house/export';
/** The /keys list's filters (as its list call takes them): the export holds what the list shows, panel keys only. */
export const KeysExportQuery = object({ key: optional(string()), panelCode: optional(string()), mac: optional(string()) });
export type KeysExportQuery = Infer<typeof KeysExportQuery>;
export const KEYS_EXPORT_PATTERN = '/front/imports/keys/export';
export const importResultPath = (jobId: string) => `/front/imports/jobs/${encodeURIComponent(jobId)}/result`;
export const IMPORT_RESULT_PATTERN = '/front/imports/jobs/:id/result';
/** The result CSV's extra columns after the fields. */
export const IMPORT_RESULT_COLUMNS = ['line', 'status', 'reason', 'detail'] as const;
