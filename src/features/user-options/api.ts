import { userOptionEndpoints, type SettingOptions } from '@contract/user-options';
import { expectResult, request } from '@/lib/http';

export async function getUserOptions(signal?: AbortSignal) {
  return expectResult(await request(userOptionEndpoints.get, { signal })).data;
}

/** PUT /front/user-options, body `{settingOptions: {timezone, language}}`. */
export async function saveUserOptions(settingOptions: SettingOptions) {
  return expectResult(await request(userOptionEndpoints.update, { body: { settingOptions } })).data;
}
