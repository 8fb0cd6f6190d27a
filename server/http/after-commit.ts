import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';

/**
 * An answer that is finished once the request's transaction has committed: work that must not run
 * while the transaction holds its locks (sending owed changes to devices, docs/api.md "Device
 * sync") happens in `complete`, on the app's database. `provisional` is the answer as of the
 * commit: an idempotent route stores it with the key, and replaces it with the completed one.
 */
export class AfterCommit<R> {
  constructor(
    readonly provisional: R,
    readonly complete: (db: Db) => Promise<R>,
  ) {}

  /** An answer with nothing left to do after the commit. */
  static done<R>(value: R): AfterCommit<R> {
    return new AfterCommit(value, async () => value);
  }

  map<S>(transform: (value: R) => S): AfterCommit<S> {
    return new AfterCommit(transform(this.provisional), async (db) => transform(await this.complete(db)));
  }

  /** As `map`, for a transform that reads or writes: in the request's transaction `db` first, on the app's database once completed. */
  async mapWith<S>(db: Db, transform: (value: R, db: Db) => Promise<S>): Promise<AfterCommit<S>> {
    return new AfterCommit(await transform(this.provisional, db), async (appDb) => transform(await this.complete(appDb), appDb));
  }
}

/**
 * Finishes an answer after its transaction committed. The write is stored by then: a failure here
 * (a bug, the database gone) is logged and the answer as of the commit is sent, rather than an
 * error that would make the client think nothing was stored.
 */
export async function completeAfterCommit<R>(request: FastifyRequest, answer: AfterCommit<R>): Promise<R> {
  try {
    return await answer.complete(request.server.database.drizzle);
  } catch (error) {
    request.log.error({ err: error }, 'completing an answer after its commit failed; the answer as of the commit is sent');
    return answer.provisional;
  }
}
