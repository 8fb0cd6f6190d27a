import type { AuditChangeRow, AuditRecord } from '@contract/audit';

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

export type AuditObjectRef = Pick<AuditChangeRow, 'kind' | 'id' | 'label'>;

/** A flat's id `houseUid:flatNum` read (the uid may hold colons; the number is after the last). */
export function flatOfId(id: string): { houseUid: string; flatNum: string } | null {
  const at = id.lastIndexOf(':');
  if (at <= 0 || !/^\d+$/.test(id.slice(at + 1))) return null;
  return { houseUid: id.slice(0, at), flatNum: id.slice(at + 1) };
}

/** The screen of an object named by the audit trail; null where it has none (an import, a code on many devices). */
export function objectPath(object: AuditObjectRef, parent: AuditObjectRef | null = null): string | null {
  const id = encodeURIComponent(object.id);
  switch (object.kind) {
    case 'device':
      return `/devices/${id}/update`;
    case 'flat': {
      const flat = flatOfId(object.id);
      return flat ? `/houses/${encodeURIComponent(flat.houseUid)}/flats/${flat.flatNum}/update` : null;
    }
    case 'user':
      return `/users/${id}`;
    case 'house':
      return `/houses/${id}`;
    case 'entrance':
      return `/entrances/${id}`;
    case 'group':
      return `/groups/${id}`;
    case 'buyer':
      return `/buyers/${id}`;
    case 'management-company':
      return `/mc/${id}/update`;
    case 'keyless-code':
      return '/device/codes';
    case 'permission':
      return parent?.kind === 'user' ? `/users/${encodeURIComponent(parent.id)}/permissions` : null;
    case 'door-code':
      return parent?.kind === 'device' ? `/devices/${encodeURIComponent(parent.id)}/codes` : null;
    case 'key':
      if (object.id.startsWith('import:')) return null;
      return parent?.kind === 'device' ? `/devices/${encodeURIComponent(parent.id)}/keys` : parent ? objectPath(parent) : null;
    case 'temporary-code':
      return parent ? objectPath(parent) : null;
    default:
      return null;
  }
}

/** The fields a change row names, in its order; before and after null where the object did not exist or is gone. */
export function changedFields(change: Pick<AuditChangeRow, 'before' | 'after'>): { field: string; before: unknown; after: unknown }[] {
  const fields = [...new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})])];
  return fields.map((field) => ({ field, before: change.before?.[field] ?? null, after: change.after?.[field] ?? null }));
}

/** How many fields a record shows changed: its changes' fields, else its request's. */
export function fieldCount(record: Pick<AuditRecord, 'changes' | 'diff'>): number {
  if (record.changes.length > 0) return record.changes.reduce((sum, change) => sum + changedFields(change).length, 0);
  return record.diff?.length ?? 0;
}
