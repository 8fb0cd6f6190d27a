import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction, AuditTargetKind } from '../../contract/audit';
import { diffStates, storable } from './audit-targets';

/*
 * The change rows of the audit trail (docs/api.md "Audit"): the code that changes something says
 * what it changed, by name, inside its transaction, with recordChange. The rows wait in the
 * request's change log and are inserted with the request's record (or, once the record exists,
 * into the next transaction the request commits), so a change and its rows commit or roll back
 * together. Outside a request (the seed, the background jobs) recordChange does nothing.
 */

/** An object as a person reads it: its kind, its id (the form the list's filter takes) and its name. */
export interface AuditObject {
  kind: AuditTargetKind;
  id: string | number;
  /** Its name: a key's value, a user's login, a flat and its address, a device's MAC, a house's address. */
  label: string;
}

export interface AuditChangeInput extends AuditObject {
  action: AuditAction;
  /** The object's fields before (null: it did not exist); for an update only those that changed are kept. */
  before?: Record<string, unknown> | null;
  /** The object's fields after (null: it is gone). */
  after?: Record<string, unknown> | null;
  /** The object it was done in or to: a key's flat or device, a permission's user. */
  parent?: AuditObject | null;
  /** The buyer the object belongs to (the record's buyer when this is its first change). */
  buyerId?: number | null;
}

/** A change row as the database function takes it (audit_add_changes, migration 0020). */
export interface PendingChange {
  kind: string;
  id: string;
  label: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  parent_kind: string | null;
  parent_id: string | null;
  parent_label: string | null;
  buyer_id: number | null;
}

const MAX_LABEL = 300;
const MAX_CHANGES = 500;

/** One request's change rows not yet written. */
export class AuditChangeLog {
  private pending: PendingChange[] = [];

  add(change: PendingChange): void {
    if (this.pending.length < MAX_CHANGES) this.pending.push(change);
  }

  /** Where a transaction starts: its rows are those added after this mark. */
  mark(): number {
    return this.pending.length;
  }

  /** The transaction begun at `mark` rolled back: its rows go with it. */
  rollBack(mark: number): void {
    this.pending.length = Math.min(this.pending.length, mark);
  }

  /** The rows to write now, and the log emptied. */
  take(): PendingChange[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  get size(): number {
    return this.pending.length;
  }
}

export const auditChangeLogs = new AsyncLocalStorage<AuditChangeLog>();

function label(text: string): string {
  const trimmed = text.trim();
  return storable(trimmed.length > MAX_LABEL ? `${trimmed.slice(0, MAX_LABEL)}…` : trimmed);
}

/** The changed fields as two objects (`field` → before, `field` → after), secrets masked, long values cut. */
function sides(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const changes = diffStates(before ?? {}, after ?? {});
  return {
    count: changes.length,
    before: before === null ? null : Object.fromEntries(changes.map((change) => [change.field, change.before])),
    after: after === null ? null : Object.fromEntries(changes.map((change) => [change.field, change.after])),
  };
}

/**
 * Says what the request changed (call it where the change is made, in its transaction). An update
 * that changed no field records nothing.
 */
export function recordChange(change: AuditChangeInput): void {
  const log = auditChangeLogs.getStore();
  if (!log) return;
  const fields = sides(change.before ?? null, change.after ?? null);
  if (change.action === 'update' && fields.count === 0) return;
  log.add({
    kind: change.kind,
    id: storable(String(change.id)),
    label: label(change.label),
    action: change.action,
    before: fields.before,
    after: fields.after,
    parent_kind: change.parent?.kind ?? null,
    parent_id: change.parent ? storable(String(change.parent.id)) : null,
    parent_label: change.parent ? label(change.parent.label) : null,
    buyer_id: change.buyerId ?? null,
  });
}

/** An object's own fields as a change row keeps them: its id is the row's, not a field. */
function fieldsOf(value: object | null): Record<string, unknown> | null {
  if (value === null) return null;
  const { id: _id, ...fields } = value as Record<string, unknown>;
  return fields;
}

/**
 * An object created (no state before), deleted (none after) or changed, from its states as the
 * API shows them (a company, a group, a buyer …).
 */
export function recordObject(object: AuditObject, before: object | null, after: object | null, more: { buyerId?: number | null; parent?: AuditObject | null } = {}): void {
  const action = before === null ? 'create' : after === null ? 'delete' : 'update';
  recordChange({ ...object, action, before: fieldsOf(before), after: fieldsOf(after), parent: more.parent ?? null, buyerId: more.buyerId ?? null });
}
