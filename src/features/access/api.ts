import { accessEndpoints, type AccessService } from '@contract/access';
import { flatBlockEndpoints, type BlockedFlatsQuery, type FlatsBulkStatus } from '@contract/flat-blocks';
import { expectResult, request } from '@/lib/http';
import type { CatalogueEntry, CatalogueKind, EntryDraft } from './model';
import { entryInput } from './model';

export async function getBlockedFlats(query: BlockedFlatsQuery, signal?: AbortSignal) {
  return expectResult(await request(flatBlockEndpoints.blocked, { query, signal }));
}

/** `result` true means the call was understood; each flat's own outcome is in `data`. */
export async function setFlatStatuses(body: FlatsBulkStatus) {
  return expectResult(await request(flatBlockEndpoints.setStatuses, { body }));
}

export async function getCatalogue(kind: CatalogueKind, signal?: AbortSignal): Promise<CatalogueEntry[]> {
  const endpoint = kind === 'reasons' ? accessEndpoints.reasons : accessEndpoints.actions;
  return expectResult(await request(endpoint, { signal })).data;
}

export async function getServices(signal?: AbortSignal): Promise<AccessService[]> {
  return expectResult(await request(accessEndpoints.services, { signal })).data;
}

/** Creates the entry (no id) or edits it; answers the entry as saved. */
export async function saveEntry(kind: CatalogueKind, draft: Omit<EntryDraft, 'id'> & { id?: number }): Promise<CatalogueEntry> {
  const body = entryInput(draft, draft.id);
  if (kind === 'reasons') return expectResult(await request(accessEndpoints.setReason, { body })).reason;
  return expectResult(await request(accessEndpoints.setAction, { body })).action;
}

/** A 409 (the entry is still in use) is thrown with the server's words. */
export async function removeEntry(kind: CatalogueKind, id: number): Promise<void> {
  const endpoint = kind === 'reasons' ? accessEndpoints.removeReason : accessEndpoints.removeAction;
  expectResult(await request(endpoint, { params: { id: String(id) } }));
}

/** Saves many entries at once; answers the whole list. */
export async function saveEntries(kind: CatalogueKind, entries: { id: number; name: string; description: string | null }[]): Promise<CatalogueEntry[]> {
  if (kind === 'reasons') return expectResult(await request(accessEndpoints.updateReasons, { body: { reasons: entries } })).data;
  return expectResult(await request(accessEndpoints.updateActions, { body: { actions: entries } })).data;
}
