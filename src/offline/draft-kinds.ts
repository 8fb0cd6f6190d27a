import type { Infer } from 'superstruct';
import type { SerialNumberDraft } from '@contract/adjuster-wizard';
import type { WizardDraft } from '@contract/wizard';
import { DRAFT_KINDS, type DraftKind } from './db';
import type { DraftSchema } from './draft-schemas/draft-schema';

export type { DraftSchema } from './draft-schemas/draft-schema';

/** What each kind of draft holds once read back. */
interface DraftDataByKind {
  'serial-number': Infer<typeof SerialNumberDraft>;
  'device-setup': Infer<typeof WizardDraft>;
  adjuster: import('./draft-schemas/adjuster').AdjusterWizardDraft;
  replace: import('./draft-schemas/replace').ReplaceDraft;
  commutators: import('./draft-schemas/commutators').CommutatorsDraft;
}

export type DraftData<K extends DraftKind> = DraftDataByKind[K];

export type DraftSchemas = Partial<{ [K in DraftKind]: DraftSchema<DraftData<K>> }>;

/*
 * Each kind's struct is loaded when a draft of that kind is read or saved, so the shell (header,
 * update toast) does not carry every wizard's contract, and each wizard route only its own.
 */
const loaders: { [K in DraftKind]: () => Promise<DraftSchema<DraftData<K>>> } = {
  'serial-number': () => import('./draft-schemas/serial-number').then((module) => module.serialNumberDraftSchema),
  'device-setup': () => import('./draft-schemas/device-setup').then((module) => module.deviceSetupDraftSchema),
  adjuster: () => import('./draft-schemas/adjuster').then((module) => module.adjusterDraftSchema),
  replace: () => import('./draft-schemas/replace').then((module) => module.replaceDraftSchema),
  commutators: () => import('./draft-schemas/commutators').then((module) => module.commutatorsDraftSchema),
};

const loaded: DraftSchemas = {};

export function isDraftKind(value: unknown): value is DraftKind {
  return typeof value === 'string' && (DRAFT_KINDS as readonly string[]).includes(value);
}

export async function loadDraftSchema<K extends DraftKind>(kind: K): Promise<DraftSchema<DraftData<K>>> {
  const cached = loaded[kind] as DraftSchema<DraftData<K>> | undefined;
  if (cached) return cached;
  const schema = await loaders[kind]();
  (loaded as Record<K, DraftSchema<DraftData<K>>>)[kind] = schema;
  return schema;
}

/** The data version of a kind whose schema is loaded already, else undefined: a draft's write can then start at once. */
export function loadedDraftSchemaVersion(kind: DraftKind): number | undefined {
  return loaded[kind]?.version;
}

/** The schemas of the known kinds among `kinds`; unknown kinds are left out (read as unreadable). */
export async function loadDraftSchemas(kinds: Iterable<unknown> = DRAFT_KINDS): Promise<DraftSchemas> {
  const known = [...new Set(kinds)].filter(isDraftKind);
  await Promise.all(known.map((kind) => loadDraftSchema(kind)));
  return loaded;
}
