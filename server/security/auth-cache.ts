import type { AuthItem } from '../../contract/users';
import type { Db } from '../db/client';
import { AUTH_ITEM_ROLE, grantedItemNames, listAuthItems } from '../repositories/sessions';

export interface Grants {
  roles: Record<string, AuthItem>;
  permissions: Record<string, AuthItem>;
}

/** Users whose grants a process remembers at most (the oldest are dropped first). */
const MAX_USERS = 10_000;

/**
 * Each user's roles and permissions, remembered per RBAC version. Every change to the RBAC
 * tables bumps the version in the database (triggers), and every request reads it with its
 * session, so an entry is reused only while nothing has changed, in any process.
 */
export class AuthCache {
  private catalogue: { version: number; items: Map<string, AuthItem> } | null = null;
  private readonly grants = new Map<number, Grants & { version: number }>();

  constructor(private readonly db: Db) {}

  async grantsOf(userId: number, version: number): Promise<Grants> {
    const cached = this.grants.get(userId);
    if (cached && cached.version === version) return cached;

    const granted = await grantedItemNames(this.db, userId);
    if (!this.catalogue || this.catalogue.version < granted.version) {
      const loaded = await listAuthItems(this.db);
      this.catalogue = { version: loaded.version, items: new Map(loaded.items.map((item) => [item.name, item])) };
    }
    const entry: Grants & { version: number } = { version: granted.version, roles: {}, permissions: {} };
    for (const name of granted.names) {
      const item = this.catalogue.items.get(name);
      if (!item) continue;
      if (item.type === AUTH_ITEM_ROLE) entry.roles[name] = item;
      else entry.permissions[name] = item;
    }
    this.grants.delete(userId);
    this.grants.set(userId, entry);
    if (this.grants.size > MAX_USERS) this.grants.delete(this.grants.keys().next().value as number);
    return entry;
  }
}
