import { array, nullable, number, string, type, type Infer } from 'superstruct';
import { draftSchema } from './draft-schema';

/*
 * The replace wizard's draft. Version 1 is its first real shape: the screen was never built
 * before, so no draft of the earlier placeholder (a loose record) can exist to migrate.
 */

/** What the check of the old device found (GET /front/device-card/device/:mac), kept so the review reads offline. */
export const ReplaceCheckedDevice = type({
  mac: string(),
  type: number(),
  statusCode: number(),
  houses: array(type({ uid: string(), address: string() })),
  relays: array(type({ id: number(), entranceTitle: string() })),
  groups: number(),
  sipLogin: nullable(string()),
  checkedAt: number(),
});
export type ReplaceCheckedDevice = Infer<typeof ReplaceCheckedDevice>;

/**
 * `oldMac`/`newMac` as typed (normalised when sent); `type` is the new device's type (null until
 * chosen); `revision` its hardware revision, sent in `options` when chosen; serial numbers are read
 * from the labels for the installer's own check and the drafts list (the call has no field for them).
 */
export const ReplaceDraft = type({
  oldSerialNumber: string(),
  oldMac: string(),
  newSerialNumber: string(),
  newMac: string(),
  type: nullable(number()),
  revision: nullable(number()),
  url: string(),
  login: string(),
  password: string(),
  oldDevice: nullable(ReplaceCheckedDevice),
});
export type ReplaceDraft = Infer<typeof ReplaceDraft>;

export const replaceDraftSchema = draftSchema(1, ReplaceDraft);
