import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FieldHistoryEntry, FieldInstall, FieldInstaller, FieldReport } from '../../contract/field';
import { ROLES } from '../../contract/users';
import { queryRows, type Db } from '../db/client';
import { fieldReportHistory, fieldReports } from '../db/schema/field';

/** Reports kept per device for the detail's history, and devices kept per installer. */
export const FIELD_HISTORY_KEEP = 10;
export const FIELD_INSTALLS_KEEP = 10;

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * Stores a device's report: it replaces the device's latest unless that one is newer (reports can
 * arrive out of order), and joins the short history once however often it is sent.
 */
export async function saveFieldReport(db: Db, userId: number, report: FieldReport, userAgent: string | null): Promise<void> {
  const generatedAt = new Date(report.generatedAt);
  const lastSyncAt = report.lastSyncAt === null ? null : new Date(report.lastSyncAt);
  const values = {
    userId,
    installId: report.installId,
    appVersion: report.appVersion,
    userAgent,
    generatedAt,
    receivedAt: new Date(),
    lastSyncAt,
    waiting: report.counts.waiting + report.counts.paused,
    needsAttention: report.counts.needsAttention,
    idleDrafts: report.counts.idleDrafts,
    persisted: report.storage?.persisted ?? null,
    report,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(fieldReports)
      .values(values)
      .onConflictDoUpdate({
        target: [fieldReports.userId, fieldReports.installId],
        set: { ...values, report: sql`excluded.report` },
        setWhere: sql`excluded.generated_at >= ${fieldReports.generatedAt}`,
      });
    await tx
      .insert(fieldReportHistory)
      .values({ userId, installId: report.installId, generatedAt, waiting: values.waiting, needsAttention: values.needsAttention })
      .onConflictDoNothing();
    await tx.execute(sql`
      delete from ${fieldReportHistory}
      where ${fieldReportHistory.userId} = ${userId} and ${fieldReportHistory.installId} = ${report.installId}
        and ${fieldReportHistory.id} not in (
          select id from ${fieldReportHistory}
          where ${fieldReportHistory.userId} = ${userId} and ${fieldReportHistory.installId} = ${report.installId}
          order by id desc limit ${FIELD_HISTORY_KEEP})`);
    // A phone wiped and set up again gets a new install id: the oldest devices go.
    await tx.execute(sql`
      delete from ${fieldReports}
      where ${fieldReports.userId} = ${userId} and ${fieldReports.installId} not in (
        select install_id from ${fieldReports} where ${fieldReports.userId} = ${userId}
        order by received_at desc limit ${FIELD_INSTALLS_KEEP})`);
  });
}

export interface FieldListFilter {
  /** null: every buyer (the superuser). */
  buyerId: number | null;
  staleDays: number;
  attention: boolean;
  /** Only those with no report for `staleDays`. */
  staleOnly: boolean;
  login: string;
  page: number;
  pageSize: number;
}

interface InstallerRow extends Record<string, unknown> {
  user_id: number;
  login: string;
  comment: string | null;
  installs: number;
  last_report_at: Date | string | null;
  last_sync_at: Date | string | null;
  waiting: number;
  needs_attention: number;
  idle_drafts: number;
  stale: boolean;
  not_persistent: boolean;
  total: number;
}

/**
 * The installers in scope: whoever holds the installer role, and anyone else whose app reported
 * (operators queue wizard jobs too), each with the sums over their devices' latest reports.
 */
function installersSql(buyerId: number | null, staleDays: number, userId?: number): SQL {
  const scope = buyerId === null ? sql`true` : sql`u.buyer_id = ${buyerId}`;
  const one = userId === undefined ? sql`true` : sql`u.id = ${userId}`;
  return sql`
    with agg as (
      select u.id as user_id, u.login, u.comment,
        count(r.install_id)::int as installs,
        max(r.received_at) as last_report_at,
        max(r.last_sync_at) as last_sync_at,
        coalesce(sum(r.waiting), 0)::int as waiting,
        coalesce(sum(r.needs_attention), 0)::int as needs_attention,
        coalesce(sum(r.idle_drafts), 0)::int as idle_drafts,
        coalesce(bool_or(r.persisted = false), false) as not_persistent
      from users u
      left join field_reports r on r.user_id = u.id
      where ${scope} and ${one}
        and (r.user_id is not null
          or exists (select 1 from auth_assignments a where a.user_id = u.id and a.item_name = ${ROLES.adjuster}))
      group by u.id, u.login, u.comment
    )
    select agg.*, (last_report_at is null or last_report_at < now() - make_interval(days => ${staleDays}::int)) as stale
    from agg`;
}

function installerOf(row: InstallerRow): FieldInstaller {
  return {
    userId: Number(row.user_id),
    login: row.login,
    name: row.comment,
    installs: Number(row.installs),
    lastReportAt: iso(row.last_report_at),
    lastSyncAt: iso(row.last_sync_at),
    waiting: Number(row.waiting),
    needsAttention: Number(row.needs_attention),
    idleDrafts: Number(row.idle_drafts),
    stale: row.stale,
    storageNotPersistent: row.not_persistent,
  };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface FieldTotals {
  installers: number;
  needsAttention: number;
  stale: number;
  storageNotPersistent: number;
}

/** A page of installers (those needing attention first, then the latest reports) and the scope's totals. */
export async function listFieldInstallers(db: Db, filter: FieldListFilter): Promise<{ rows: FieldInstaller[]; total: number; totals: FieldTotals }> {
  const conditions: SQL[] = [sql`true`];
  if (filter.attention) conditions.push(sql`needs_attention > 0`);
  if (filter.staleOnly) conditions.push(sql`stale`);
  if (filter.login !== '') conditions.push(sql`(login ilike ${likePattern(filter.login)} or comment ilike ${likePattern(filter.login)})`);
  const base = installersSql(filter.buyerId, filter.staleDays);
  const [rows, totalRows] = await Promise.all([
    queryRows<InstallerRow>(
      db,
      sql`select f.*, count(*) over ()::int as total from (${base}) f
        where ${sql.join(conditions, sql` and `)}
        order by (needs_attention > 0) desc, last_report_at desc nulls last, login
        limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
    ),
    queryRows<{ installers: number; attention: number; stale: number; not_persistent: number }>(
      db,
      sql`select count(*)::int as installers, count(*) filter (where needs_attention > 0)::int as attention,
          count(*) filter (where stale)::int as stale, count(*) filter (where not_persistent)::int as not_persistent
        from (${base}) f`,
    ),
  ]);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && filter.page > 1) {
    const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${base}) f where ${sql.join(conditions, sql` and `)}`);
    total = Number(counted?.n ?? 0);
  }
  const totals = totalRows[0];
  return {
    rows: rows.map(installerOf),
    total,
    totals: {
      installers: Number(totals?.installers ?? 0),
      needsAttention: Number(totals?.attention ?? 0),
      stale: Number(totals?.stale ?? 0),
      storageNotPersistent: Number(totals?.not_persistent ?? 0),
    },
  };
}

export interface FieldInstallerDetail {
  installer: FieldInstaller;
  installs: FieldInstall[];
  history: FieldHistoryEntry[];
}

/** One installer in scope with each device's latest report and the recent reports; null when not in scope. */
export async function fieldInstallerDetail(db: Db, userId: number, buyerId: number | null, staleDays: number): Promise<FieldInstallerDetail | null> {
  const [row] = await queryRows<InstallerRow>(db, sql`select f.*, 1 as total from (${installersSql(buyerId, staleDays, userId)}) f`);
  if (!row) return null;
  const staleBefore = Date.now() - staleDays * 86_400_000;
  const [reports, history] = await Promise.all([
    db.select().from(fieldReports).where(eq(fieldReports.userId, userId)).orderBy(sql`${fieldReports.receivedAt} desc`),
    db
      .select()
      .from(fieldReportHistory)
      .where(and(eq(fieldReportHistory.userId, userId)))
      .orderBy(sql`${fieldReportHistory.receivedAt} desc, ${fieldReportHistory.id} desc`)
      .limit(FIELD_HISTORY_KEEP * 3),
  ]);
  return {
    installer: installerOf(row),
    installs: reports.map((report) => {
      const sent = report.report as FieldReport;
      return {
        installId: report.installId,
        appVersion: report.appVersion,
        userAgent: report.userAgent,
        receivedAt: report.receivedAt.toISOString(),
        generatedAt: report.generatedAt.toISOString(),
        lastSyncAt: iso(report.lastSyncAt),
        stale: report.receivedAt.getTime() < staleBefore,
        counts: sent.counts,
        jobs: sent.jobs,
        idleDrafts: sent.idleDrafts,
        storage: sent.storage,
      };
    }),
    history: history.map((entry) => ({
      installId: entry.installId,
      receivedAt: entry.receivedAt.toISOString(),
      waiting: entry.waiting,
      needsAttention: entry.needsAttention,
    })),
  };
}
