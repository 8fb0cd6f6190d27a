import type { FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import type { Db } from '../db/client';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import type { DeviceSyncSettings } from '../jobs/device-sync-runner';
import { buyerScope, currentUser } from '../plugins/session';

/** Who makes a write: stamped on what it stores (createdBy, userLogin) and bounding what it may touch. */
export interface Actor {
  userId: number;
  login: string;
  buyerId: number;
  /** The buyer whose data the actor may touch; null for the superuser (every buyer). */
  scope: number | null;
}

/** The way to the devices: the gateway, and how owed changes are sent (docs/api.md "Device sync"). */
export interface DeviceLink {
  gateway: DeviceGateway;
  sync: DeviceSyncSettings;
}

/**
 * What a service's write needs besides its input. `db` is the request's transaction for an
 * idempotent route (every query must go through it), else the app's database.
 */
export interface WriteContext {
  db: Db;
  actor: Actor;
  devices: DeviceLink;
}

export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { userId: user.userId, login: user.login, buyerId: user.buyerId, scope: buyerScope(request) };
}

export function writeContext(request: FastifyRequest, db: Db, devices: DeviceLink): WriteContext {
  return { db, actor: actorOf(request), devices };
}

/** What an endpoint of the contract answers, as its response struct types it. */
export type AnswerOf<E> = E extends { readonly response: Struct<infer R, unknown> } ? R : never;
/** The body an endpoint of the contract takes, as its body struct types it. */
export type BodyOf<E> = E extends { readonly body: Struct<infer B, unknown> | null } ? B : never;
