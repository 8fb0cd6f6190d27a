import { array, integer, nullable, object, string, type Infer } from 'superstruct';
import { draftSchema } from './draft-schema';

/**
 * An unsaved commutation matrix (/devices/:mac/commutators), one per device and user: the model,
 * the size and every commutator as the screen held them, and the server's matrix it started from
 * (`base`, JSON), so coming back can tell whether the server's changed meanwhile.
 */
export const CommutatorsDraft = object({
  mac: string(),
  model: nullable(integer()),
  size: integer(),
  commutators: array(object({ index: integer(), matrix: array(array(integer())) })),
  base: string(),
});
export type CommutatorsDraft = Infer<typeof CommutatorsDraft>;

export const commutatorsDraftSchema = draftSchema(1, CommutatorsDraft);
