import { deviceCardEndpoints, type DeviceCardResponse } from '@contract/device-card';
import { expectResult, request } from '@/lib/http';

/** What the old device holds now (houses, relays, SIP account, groups), read from its card. */
export async function getDeviceCard(mac: string, signal?: AbortSignal): Promise<DeviceCardResponse> {
  return expectResult(await request(deviceCardEndpoints.card, { params: { mac }, signal }));
}
