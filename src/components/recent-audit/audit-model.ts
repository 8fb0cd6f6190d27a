import type { AuditRecord } from '@contract/audit';

/** The /audit URL of one target's records (the cards' «all changes» link). */
export function auditPath(targetKind: string, targetId: string): string {
  return `/audit?${new URLSearchParams({ targetKind, targetId }).toString()}`;
}

/** A diff value in one line: text as is, null as a dash, the rest as JSON. */
export function diffValue(value: unknown, none: string): string {
  if (value === null || value === undefined) return none;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** `PUT /front/devices/:mac/status` → `PUT devices/:mac/status`: the API prefix says nothing. */
export function routeLabel(route: string): string {
  return route.replace(/ \/(front|site|adjuster\/api)\//, ' ');
}

export function isRefused(record: Pick<AuditRecord, 'status'>): boolean {
  return record.status >= 400;
}
