import { and, asc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Group } from '../../contract/groups';
import type { Db } from '../db/client';
import { groups } from '../db/schema/groups';
import { selectPage } from './paging';

export interface GroupFilter {
  /** Whose groups the user may see: one buyer's, or every buyer's (null). */
  scope: number | null;
  /** One buyer's groups; it narrows the scope and never widens it. */
  buyerId?: number;
  /** A part of the name, any case. */
  name?: string;
  /** 0 lists the top-level groups. */
  parentId?: number;
}

const groupColumns = { groupId: groups.id, name: groups.name, buyerId: groups.buyerId, parentId: groups.parentId, uid: groups.uid };

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function whereOf(filter: GroupFilter): SQL | undefined {
  return and(
    filter.scope === null ? undefined : eq(groups.buyerId, filter.scope),
    filter.buyerId === undefined ? undefined : eq(groups.buyerId, filter.buyerId),
    filter.name ? ilike(groups.name, likePattern(filter.name)) : undefined,
    filter.parentId === undefined ? undefined : filter.parentId === 0 ? isNull(groups.parentId) : eq(groups.parentId, filter.parentId),
  );
}

/** One page of groups in name order, with the number of all that match. */
export async function listGroups(db: Db, filter: GroupFilter, page: number, pageSize: number): Promise<{ rows: Group[]; total: number }> {
  return selectPage(db, { table: groups, columns: groupColumns, where: whereOf(filter), orderBy: [asc(groups.name), asc(groups.id)], page, pageSize });
}
