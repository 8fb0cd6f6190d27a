import { record, string, unknown, type Struct } from 'superstruct';
import { decode } from '@contract/common';
import { AdjusterAddressState, SerialNumberDraft } from '@contract/adjuster-wizard';
import { WizardDraft } from '@contract/wizard';
import type { DraftKind } from './db';

/*
 * The shape of each kind of draft. When a wizard changes its form, bump `version` and add a
 * `migrate` that lifts older data; a draft that still does not fit is shown as unreadable and
 * kept (drafts.ts), never dropped.
 */
export interface DraftSchema<T = unknown> {
  version: number;
  /** Checks (and coerces) data of the current version; throws DecodeError listing the failing paths. */
  decode: (data: unknown, context: string) => T;
  /** Lifts data saved under an older `version` to the current shape. */
  migrate?: (data: unknown, fromVersion: number) => unknown;
}

function draftSchema<T, S>(version: number, struct: Struct<T, S>, migrate?: DraftSchema['migrate']): DraftSchema<T> {
  return { version, decode: (data, context) => decode(struct, data, context), ...(migrate ? { migrate } : {}) };
}

/** The replace wizard's fields are not specified yet; its screen narrows this and bumps the version. */
const ReplaceDraft = record(string(), unknown());

export const DRAFT_SCHEMAS = {
  'serial-number': draftSchema(1, SerialNumberDraft),
  'device-setup': draftSchema(1, WizardDraft),
  adjuster: draftSchema(1, AdjusterAddressState),
  replace: draftSchema(1, ReplaceDraft),
} satisfies Record<DraftKind, DraftSchema>;

export type DraftData<K extends DraftKind> = ReturnType<(typeof DRAFT_SCHEMAS)[K]['decode']>;

export function isDraftKind(value: unknown): value is DraftKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(DRAFT_SCHEMAS, value);
}
