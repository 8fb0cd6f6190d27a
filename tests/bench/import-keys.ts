// For keys: a file of 50,000 panel keys on PostgreSQL: the dry run ≤ 10 s, the apply
// ≥ 2,000 rows/s (each key stored and owed to its device in the batch's transaction), memory flat;
// then the /keys export re-imported shows 0 changes.
//
// A fresh database beside BENCH_DATABASE_URL / TEST_DATABASE_URL gets the small seed, one house
// with flats 1–1,000 and 50 ISCOM panels in it. The file: 1,000 Metakom keys per panel, each on a
// flat. The app runs in this process (buildApp, the calls through inject): tests/bench/import.ts.
//
// Standalone: node --import tsx tests/bench/import-keys.ts (BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { deviceTypeId } from '../../contract/devices';
import { KEYS_EXPORT_PATTERN, importEndpoints } from '../../contract/imports';
import { queryRows } from '../../server/db/client';
import { capabilitiesOf } from '../../server/devices/capabilities';
import { IMPORT_BUDGET, importBudgetRows, runImportBench, type Heading, type ImportFigures, type Table } from './import';

const HOUSE = 'bench-import-keys-house';
const DEVICES = 50;
const FLATS = 1000;

const macOf = (device: number) => ['02', 'BE', '00', '00', (device >> 8) & 0xff, device & 0xff].map((part) => (typeof part === 'number' ? part.toString(16).padStart(2, '0').toUpperCase() : part)).join(':');

/** The generated file: key n on panel n mod 50, flat n mod 1,000 + 1. */
export function keysFile(rows: number): Buffer {
  const lines = ['mac;value;type;flat;inner'];
  for (let n = 0; n < rows; n++) lines.push(`${macOf(n % DEVICES)};${n.toString(16).toUpperCase().padStart(12, '0')};Metakom;${(n % FLATS) + 1};0`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

export async function keysImportReport(heading: Heading, table: Table, options: { rows?: number } = {}): Promise<ImportFigures | null> {
  const rows = options.rows ?? IMPORT_BUDGET.rows;
  return runImportBench(heading, table, {
    title: `Bulk import of ${rows.toLocaleString('en')} key rows (PostgreSQL, in process)`,
    database: 'intercom_bench_keys',
    kind: 'keys',
    rows,
    file: keysFile(rows),
    fileNote: `, ${DEVICES} panels`,
    mapping: { mac: 'mac', value: 'value', type: 'type', flat: 'flat', inner: 'inner' },
    dryRunPath: importEndpoints.keysDryRun.path({}),
    applyPath: importEndpoints.keysApply.path({}),
    exportPath: KEYS_EXPORT_PATTERN,
    setup: async (app) => {
      const db = app.database.drizzle;
      await db.execute(sql`insert into houses (uid, address, region) values (${HOUSE}, 'г. Бенч, ул. Ключевая, д. 1', 77)`);
      await db.execute(sql`insert into flats (buyer_id, house_uid, flat_num) select 1, ${HOUSE}, n from generate_series(1, ${FLATS}) n`);
      const type = deviceTypeId('ISCOM_X1');
      const capabilities = `{${capabilitiesOf(type).join(',')}}`;
      for (let device = 0; device < DEVICES; device++) {
        await db.execute(sql`with made as (insert into devices (mac, buyer_id, type, status_code, capabilities, options)
                                           values (${macOf(device)}, 1, ${type}, 1, ${capabilities}::text[], '{}'::jsonb) returning id)
                             insert into device_houses (device_id, house_uid) select id, ${HOUSE} from made`);
      }
    },
    applied: async (app) => {
      // The sync runner of this process may have sent (confirmed) some already.
      const [owed] = await queryRows<{ owed: number; sent: number }>(
        app.database.drizzle,
        sql`select count(*)::int as owed, (count(*) filter (where confirmed_at is not null))::int as sent from device_sync_changes where kind = 'key'`,
      );
      return `${owed.owed} key changes owed (${owed.sent} sent meanwhile)`;
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const heading: Heading = (title) => console.log(`\n== ${title}`);
  const table: Table = (rows) => rows.forEach((row) => console.log(`  ${row.join('  ')}`));
  const figures = await keysImportReport(heading, table, { rows: Number(process.env.BENCH_IMPORT_ROWS ?? IMPORT_BUDGET.rows) });
  importBudgetRows(figures, 'keys import').forEach((row) => console.log(`  ${row.join(' | ')}`));
}
