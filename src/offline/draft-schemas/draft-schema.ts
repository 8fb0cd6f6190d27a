import type { Struct } from 'superstruct';
import { decode } from '@contract/common';

/*
 * The shape of one kind of draft. When a wizard changes its form, bump `version` and add a
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

export function draftSchema<T, S>(version: number, struct: Struct<T, S>, migrate?: DraftSchema['migrate']): DraftSchema<T> {
  return { version, decode: (data, context) => decode(struct, data, context), ...(migrate ? { migrate } : {}) };
}
