import type { FastifyInstance } from 'fastify';
import { entranceViolations, hasGates, parseAdditionalFlats, violationMessage } from '../../contract/entrance-rules';
import { entranceEndpoints, type Entrance } from '../../contract/entrances';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { recordObject } from '../plugins/audit-changes';
import { entranceObject } from '../repositories/audit-labels';
import { buyerScope } from '../plugins/session';
import { entrancesOfHouseOf, listEntrancesOfHouses, saveEntrance } from '../repositories/entrances';
import { HOUSING_EDITORS, HOUSING_READERS, houseInScope } from './houses';

/** The entrance and the rest of its house; another buyer's entrance is as unknown as a missing one. */
async function entranceInScope(db: Db, uid: string, scope: number | null, lock = false): Promise<{ entrance: Entrance; siblings: Entrance[] }> {
  const found = await entrancesOfHouseOf(db, uid, lock);
  if (!found || (scope !== null && found.entrance.buyerId !== scope)) throw new ApiError(404, 'Подъезд не найден');
  return found;
}

/** Entrances (docs/api.md "Entrances"). */
export async function entranceRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.drizzle;

  defineRoute(app, entranceEndpoints.list, { access: HOUSING_READERS }, async ({ request, query }) => {
    const scope = buyerScope(request);
    await houseInScope(db, query.houseUid, scope);
    const all = await listEntrancesOfHouses(db, [query.houseUid]);
    return { result: true, data: scope === null ? all : all.filter((entrance) => entrance.buyerId === scope) };
  });

  defineRoute(app, entranceEndpoints.get, { access: HOUSING_READERS }, async ({ request, params }) => {
    const { entrance } = await entranceInScope(db, params.entranceUid, buyerScope(request));
    return { result: true, data: entrance };
  });

  defineRoute(app, entranceEndpoints.update, { access: HOUSING_EDITORS }, async ({ request, params, body }) => {
    const scope = buyerScope(request);
    const saved = await db.transaction(async (tx) => {
      // The house's entrances stay locked from the check to the save: two saves cannot overlap two ranges.
      const { entrance, siblings } = await entranceInScope(tx, params.entranceUid, scope, true);
      // Without `gates` a gate keeps its gates (checked against its new type); other types have none.
      const gates = body.gates ?? (hasGates(body.type) ? entrance.gates : []);
      const [violation] = entranceViolations({ ...body, gates }, siblings);
      if (violation) throw new ApiError(400, violationMessage(violation));
      const normalized = gates.map((gate) => ({ ...gate, additionalFlats: parseAdditionalFlats(gate.additionalFlats)?.join(',') || null }));
      await saveEntrance(tx, entrance.id, { ...body, title: body.title.trim() }, body.gates === undefined && hasGates(body.type) ? undefined : normalized);
      const after = (await entranceInScope(tx, entrance.id, null)).entrance;
      recordObject(await entranceObject(tx, entrance.id), entrance, after);
      return after;
    });
    return { result: true, message: 'Подъезд сохранён', data: saved };
  });
}
