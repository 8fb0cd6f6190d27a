import { object, refine } from 'superstruct';
import { IntegerLike } from '../../contract/common';
import { MAX_ID } from './validation';

/** A row id in a path: a positive integer that fits a PostgreSQL integer. */
export const Id = refine(IntegerLike, 'Id', (value) => value >= 1 && value <= MAX_ID);

export const IdParams = object({ id: Id });
