import { AUDIT_PAGE_SIZE, AUDIT_TARGET_KINDS, type AuditQuery } from '@contract/audit';
import { historyDateRange } from '@contract/history';
import { isDay } from '@/components/date-filter/day-value';
import type { ListStateConfig } from '@/components/list-table/list-state-model';
import type { FeatureMessageKey } from './messages';

export const AUDIT_FILTER_KEYS = ['login', 'targetKind', 'targetId', 'route', 'dateFrom', 'dateTo'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];
export type AuditFilters = Record<AuditFilterKey, string>;
export const AUDIT_LIST_STATE: ListStateConfig<AuditFilterKey> = { filterKeys: AUDIT_FILTER_KEYS, firstPage: 1 };

export type AuditFilterProblem = 'date' | 'dateOrder';

/** The typed filters trimmed, and what is wrong with the days. */
export function checkAuditFilters(typed: AuditFilters): { filters: AuditFilters; problems: Partial<Record<AuditFilterKey, AuditFilterProblem>> } {
  const filters = Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, typed[key].trim()])) as AuditFilters;
  const problems: Partial<Record<AuditFilterKey, AuditFilterProblem>> = {};
  if (filters.dateFrom !== '' && !isDay(filters.dateFrom)) problems.dateFrom = 'date';
  if (filters.dateTo !== '' && !isDay(filters.dateTo)) problems.dateTo = 'date';
  if (isDay(filters.dateFrom) && isDay(filters.dateTo) && filters.dateFrom > filters.dateTo) problems.dateTo = 'dateOrder';
  return { filters, problems };
}

/** The URL's filters as the list call takes them (days as the user's midnight and 23:59:59; anything malformed left out). */
export function auditQuery(filters: AuditFilters, timeZone: string, cursor?: string): AuditQuery {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const query: AuditQuery = {
    perPage: AUDIT_PAGE_SIZE,
    ...historyDateRange(isDay(filters.dateFrom) ? filters.dateFrom : null, isDay(filters.dateTo) ? filters.dateTo : null, timeZone),
  };
  const values = { login: text(filters.login), targetKind: text(filters.targetKind), targetId: text(filters.targetId), route: text(filters.route), cursor };
  for (const [key, value] of Object.entries(values)) if (value !== undefined) Object.assign(query, { [key]: value });
  return query;
}

/** A target kind in words; one this version does not know is shown as it came. */
export function kindKey(kind: string): FeatureMessageKey | null {
  return (AUDIT_TARGET_KINDS as readonly string[]).includes(kind) ? (`audit.kind.${kind}` as FeatureMessageKey) : null;
}
