import { describe, expect, it } from 'vitest';
import { draftResumePath, DRAFT_KIND_LABELS } from '@/features/outbox/model';
import { matrixDraftId } from '@/features/commutators/use-matrix-draft';
import { DRAFT_KINDS, type DraftRow } from '@/offline/db';
import { loadDraftSchemas } from '@/offline/draft-kinds';
import { listDrafts, loadDraft, readDraft, saveDraft } from '@/offline/drafts';
import { openTestDb } from './helpers';

const T0 = Date.UTC(2026, 10, 25, 16, 0, 0);
const MAC = 'AA:BB:CC:DD:EE:01';
const data = { mac: MAC, model: 1, size: 20, commutators: [{ index: 0, matrix: Array.from({ length: 10 }, (_row, i) => [i + 1, 0]) }], base: '{}' };

describe("the commutation matrix's draft kind", () => {
  it('round-trips a matrix keyed by user and MAC, listed with the other drafts', async () => {
    const db = openTestDb();
    expect(DRAFT_KINDS).toContain('commutators');
    const id = matrixDraftId(7, 'aa-bb-cc-dd-ee-01');
    expect(id).toBe(matrixDraftId(7, MAC));
    await saveDraft(db, { id, kind: 'commutators', userId: 7, title: `Матрица коммутации ${MAC}`, target: { mac: MAC }, data }, T0);
    const loaded = await loadDraft(db, id, { kind: 'commutators', userId: 7 });
    expect(loaded.status === 'ok' && loaded.draft.data).toEqual(data);
    expect(await loadDraft(db, id, { kind: 'commutators', userId: 8 })).toEqual({ status: 'missing' });
    const list = await listDrafts(db, 7);
    expect(list.map((each) => each.status === 'ok' && each.draft.kind)).toEqual(['commutators']);
  });

  it('a stored matrix that no longer fits (a cell not a whole number) reads as unreadable and is kept', async () => {
    const raw: DraftRow = {
      id: 'x',
      kind: 'commutators',
      userId: 7,
      title: 't',
      target: { mac: MAC },
      data: { ...data, commutators: [{ index: 0, matrix: [['1']] }] },
      schemaVersion: 1,
      createdAt: T0,
      updatedAt: T0,
    };
    const read = readDraft(raw, await loadDraftSchemas(['commutators']));
    expect(read.status).toBe('unreadable');
  });

  it('the drafts page resumes it on the device’s matrix screen and names its kind', () => {
    expect(draftResumePath('commutators', 'any', { mac: MAC })).toBe(`/devices/${encodeURIComponent(MAC)}/commutators`);
    expect(draftResumePath('commutators', 'any', {})).toBeNull();
    expect(DRAFT_KIND_LABELS.commutators).toBe('drafts.kind.commutators');
  });
});
