import { array, type Infer } from 'superstruct';
import { decode } from '@contract/common';
import { deviceCardEndpoints, Executor } from '@contract/device-card';
import type { Entrance } from '@contract/entrances';
import { houseEndpoints, type House } from '@contract/houses';
import { wizardEndpoints } from '@contract/wizard';
import { expectResult, HttpError, request } from '@/lib/http';
import { baseFromCard, type DeviceReading } from './model';

/** Exact look-up by a FIAS id or a house uid. */
export async function findHouses(key: string, signal?: AbortSignal): Promise<House[]> {
  const [byFias, byUid] = await Promise.all([
    request(houseEndpoints.list, { query: { page: 1, fias: key }, signal }),
    request(houseEndpoints.list, { query: { page: 1, houseUid: key }, signal }),
  ]);
  return [...expectResult(byFias).data, ...expectResult(byUid).data];
}

/**
 * The device's current settings from its card (GET /front/device-card/device/{mac}); a 404 is a
 * device the server does not have yet, which the wizard creates.
 */
export async function readDevice(mac: string, signal?: AbortSignal): Promise<DeviceReading> {
  try {
    const card = expectResult(await request(deviceCardEndpoints.card, { params: { mac }, signal }));
    return { kind: 'found', base: baseFromCard(card, Date.now()) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { kind: 'absent' };
    throw error;
  }
}

/** POST /front/wizard/entrances with the chosen houses' uids. */
export async function getEntrances(houseUids: readonly string[], signal?: AbortSignal): Promise<Entrance[]> {
  return expectResult(await request(wizardEndpoints.entrances, { body: { houseUids: [...houseUids] }, signal })).data;
}

// The executor list is small and changes rarely; the last one read is kept per user, so the select
// still offers names in a basement (the service worker caches only dictionaries and house lists).
const EXECUTORS_KEY = 'device-wizard-executors';
const Executors = array(Executor);
export type Executors = Infer<typeof Executors>;

function executorsKey(userId: number): string {
  return `${EXECUTORS_KEY}:${userId}`;
}

export function readSavedExecutors(userId: number): Executors | null {
  try {
    const raw = globalThis.localStorage?.getItem(executorsKey(userId));
    return raw ? decode(Executors, JSON.parse(raw), 'saved executors') : null;
  } catch {
    return null;
  }
}

export async function getExecutors(userId: number, signal?: AbortSignal): Promise<Executors> {
  const executors = expectResult(await request(deviceCardEndpoints.executors, { signal })).data;
  try {
    globalThis.localStorage?.setItem(executorsKey(userId), JSON.stringify(executors));
  } catch {
    // A full quota: the select works online all the same.
  }
  return executors;
}
