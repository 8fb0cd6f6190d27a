import { adjusterEndpoints, isAdjusterSuccess, type JobStatusResponse } from '@contract/adjuster';
import { ENTRANCE_TYPE, type Entrance } from '@contract/entrances';
import { houseEndpoints } from '@contract/houses';
import { userEndpoints } from '@contract/users';
import { wizardEndpoints } from '@contract/wizard';
import { codedMessageOf, type CodedText } from '@contract/server-texts';
import { expectResult, request, ResultError } from '@/lib/http';
import type { Port } from './model';

/** Adjuster answers carry a string result; anything but 'success' is a refusal with its message. */
function expectSuccess<T extends { result: string; message?: string | null }>(answer: T): T {
  if (!isAdjusterSuccess(answer)) throw new ResultError(answer.message ?? null, answer);
  return answer;
}

export async function lookUpAddress(port: Port, signal?: AbortSignal) {
  const answer = expectSuccess(await request(adjusterEndpoints.portDevice, { body: { name: port.bsName, portNum: port.portNum }, signal }));
  return { address: answer.address, entranceNum: answer.entranceNum, fiasId: answer.fiasId };
}

export async function startPortJobs(port: Port) {
  return expectSuccess(await request(adjusterEndpoints.port, { body: { bsName: port.bsName, portNum: port.portNum } })).jobs;
}

export async function jobStatus(jobNum: number, signal?: AbortSignal): Promise<JobStatusResponse> {
  // A job's own failure is its status 'error', not a refused call: the answer is returned as it is.
  return request(adjusterEndpoints.jobStatus, { params: { id: String(jobNum) }, signal });
}

/** What the server said in an answer: coded when it can be worded in the user's language. */
function saidIn(answer: { message?: string | null }): CodedText | string | null {
  return codedMessageOf(answer) ?? answer.message ?? null;
}

export async function setupDdns(mac: string, ip: string) {
  return saidIn(expectSuccess(await request(adjusterEndpoints.setupDdns, { body: { mac, ip } })));
}

export async function uploadPreset(mac: string, url: string, type: number) {
  return saidIn(expectSuccess(await request(adjusterEndpoints.addDevice, { body: { mac, url, type } })));
}

export async function portDiagnostics(port: Port, signal?: AbortSignal) {
  const params = { bsName: port.bsName, portNum: String(port.portNum) };
  const [cable, link, errors] = await Promise.all([
    request(adjusterEndpoints.cableLength, { params, signal }).then(expectSuccess),
    request(adjusterEndpoints.linkStatus, { params, signal }).then(expectSuccess),
    request(adjusterEndpoints.errorsOnPort, { params, signal }).then(expectSuccess),
  ]);
  return { pairs: cable.pairs, link: link.link, portName: link.port, rx: errors.rx, tx: errors.tx };
}
export type PortDiagnostics = Awaited<ReturnType<typeof portDiagnostics>>;

/** The entrances of the house with this FIAS id: one per number, the main entrance's title first. */
export async function houseEntrances(fiasId: string, signal?: AbortSignal): Promise<{ houseUid: string; entrances: EntranceChoice[] } | null> {
  const [house] = expectResult(await request(houseEndpoints.list, { query: { page: 1, fias: fiasId }, signal })).data;
  if (!house) return null;
  const entrances = expectResult(await request(wizardEndpoints.entrances, { body: { houseUids: [house.id] }, signal })).data;
  return { houseUid: house.id, entrances: entranceChoices(entrances) };
}

export interface EntranceChoice {
  entranceNum: number;
  title: string;
}

export function entranceChoices(entrances: readonly Entrance[]): EntranceChoice[] {
  const byNum = new Map<number, Entrance>();
  for (const entrance of entrances) {
    const known = byNum.get(entrance.entranceNum);
    if (!known || (known.type !== ENTRANCE_TYPE.main && entrance.type === ENTRANCE_TYPE.main)) byNum.set(entrance.entranceNum, entrance);
  }
  return [...byNum.values()].sort((a, b) => a.entranceNum - b.entranceNum).map((entrance) => ({ entranceNum: entrance.entranceNum, title: entrance.title }));
}

/** The installer's groups (the device is bound to one of them). */
export async function myGroups(signal?: AbortSignal) {
  return expectResult(await request(userEndpoints.groups, { signal })).data;
}
