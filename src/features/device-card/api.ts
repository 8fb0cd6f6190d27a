import { HttpError, expectResult, errorMessage, request } from '@/lib/http';
import { deviceCardEndpoints, type DeviceRelaysUpdate } from '@contract/device-card';
import { deviceSettingsEndpoints, type DeviceSipAccountInput } from '@contract/device-card-settings';
import type { AudioSettings, DisplaySettings, VoltageLevels } from '@contract/devices';
import { wizardEndpoints } from '@contract/wizard';
import type { Scalar } from '@contract/common';

/*
 * Every call of the device card (by MAC). Each write resolves only when the server answered
 * `result: true` (a 4xx/5xx or `result: false` throws with the server's message), so the screen
 * applies a change only after that.
 */

export async function getDeviceCard(mac: string, signal?: AbortSignal) {
  return expectResult(await request(deviceCardEndpoints.card, { params: { mac }, signal }));
}

export async function getDeviceById(id: number, signal?: AbortSignal) {
  return expectResult(await request(deviceCardEndpoints.byId, { params: { id }, signal })).data;
}

export async function getSipStatus(mac: string) {
  return expectResult(await request(deviceCardEndpoints.sipStatus, { params: { mac } })).sipStatus;
}

export async function getExecutors(signal?: AbortSignal) {
  return expectResult(await request(deviceCardEndpoints.executors, { signal })).data;
}

export async function setDeviceStatus(mac: string, status: 0 | 1 | 2 | 3) {
  return expectResult(await request(deviceCardEndpoints.setStatus, { params: { mac }, body: { status } }));
}

export async function setSecurity(mac: string, status: boolean) {
  return expectResult(await request(deviceCardEndpoints.setSecurity, { params: { mac }, body: { mac, status } }));
}

export async function setAutoCollect(mac: string, status: boolean) {
  return expectResult(await request(deviceCardEndpoints.setAutoCollect, { params: { mac }, body: { mac, status } }));
}

export async function setGroups(mac: string, groups: number[]) {
  return expectResult(await request(deviceCardEndpoints.setGroups, { params: { mac }, body: { mac, groups } }));
}

export async function setHouses(mac: string, houses: string[]) {
  return expectResult(await request(deviceCardEndpoints.setHouses, { params: { mac }, body: { houses } }));
}

export async function getRelays(mac: string, signal?: AbortSignal) {
  return expectResult(await request(deviceCardEndpoints.relays, { params: { mac }, signal })).data;
}

export async function setRelays(mac: string, relays: DeviceRelaysUpdate['relays']) {
  return expectResult(await request(deviceCardEndpoints.setRelays, { params: { mac }, body: { relays } }));
}

export async function openDoor(mac: string, relay: number) {
  return expectResult(await request(deviceCardEndpoints.openDoor, { params: { mac, relay } }));
}

export async function rebootDevice(mac: string) {
  return expectResult(await request(deviceCardEndpoints.reboot, { params: { mac } }));
}

export async function sendToExternal(mac: string) {
  return expectResult(await request(deviceCardEndpoints.sendToPapi, { params: { mac } }));
}

export async function setSip(mac: string, account: DeviceSipAccountInput) {
  return expectResult(await request(deviceSettingsEndpoints.setSip, { params: { mac }, body: { account } }));
}

export async function removeSip(mac: string) {
  return expectResult(await request(deviceSettingsEndpoints.removeSip, { params: { mac } }));
}

export async function setOptions(mac: string, options: Record<string, Scalar>) {
  return expectResult(await request(deviceSettingsEndpoints.setOptions, { params: { mac }, body: { options } }));
}

export async function setAudio(mac: string, audio: AudioSettings) {
  return expectResult(await request(deviceSettingsEndpoints.setAudio, { params: { mac }, body: { audio } }));
}

export async function setLevels(mac: string, levels: VoltageLevels, streamType: number) {
  return expectResult(await request(deviceSettingsEndpoints.setLevels, { params: { mac }, body: { levels, streamType } }));
}

export async function setDisplay(mac: string, display: DisplaySettings) {
  return expectResult(await request(deviceSettingsEndpoints.setDisplay, { params: { mac }, body: { display } }));
}

export type DisplayOption = keyof DisplaySettings;

export async function getDisplayOption(mac: string, optionName: DisplayOption) {
  return expectResult(await request(deviceSettingsEndpoints.displayOption, { params: { mac }, query: { optionName } })).data;
}

export async function setDisplayOption(mac: string, option: DisplayOption, data: string | number) {
  return expectResult(await request(deviceSettingsEndpoints.setDisplayOption, { params: { mac }, body: { option, data } }));
}

export async function setEchoCancellation(mac: string, echoCancellationType: number) {
  return expectResult(await request(deviceSettingsEndpoints.setEchoCancellation, { params: { mac }, body: { echoCancellationType } }));
}

export async function setRemovalReason(mac: string, reason: number, comment: string) {
  const body = comment.trim() === '' ? { reason } : { reason, comment: comment.trim() };
  return expectResult(await request(deviceSettingsEndpoints.setRemovalReason, { params: { mac }, body }));
}

export async function getRs485(mac: string, signal?: AbortSignal) {
  return expectResult(await request(deviceSettingsEndpoints.rs485, { params: { mac }, signal }));
}

export async function scanRs485(mac: string) {
  return expectResult(await request(deviceSettingsEndpoints.scanRs485, { params: { mac } }));
}

export type Rs485ModelOutcome = { ok: true } | { ok: false; message: string };

/** The save succeeded only on HTTP 204; any other answer (or none) is a failure. */
export async function saveRs485Model(mac: string, model: string): Promise<Rs485ModelOutcome> {
  try {
    await request(deviceSettingsEndpoints.setRs485Model, { params: { mac }, body: { model } });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof HttpError || error instanceof Error ? errorMessage(error) : String(error) };
  }
}

export async function getFirmwareVersions(mac: string, signal?: AbortSignal) {
  return expectResult(await request(deviceSettingsEndpoints.firmwareVersions, { params: { mac }, signal }));
}

export async function updateFirmware(mac: string, version: string) {
  return expectResult(await request(deviceSettingsEndpoints.updateFirmware, { params: { mac }, body: { version } }));
}

/** The entrances of the device's houses, which its relays may open. */
export async function getEntrancesOfHouses(houseUids: string[], signal?: AbortSignal) {
  if (houseUids.length === 0) return [];
  return expectResult(await request(wizardEndpoints.entrances, { body: { houseUids }, signal })).data;
}
