import { owedReasonText } from '@contract/device-sync';
import type { ServerTextParams } from '@contract/server-texts';
import { serverTextIn } from '@/i18n/i18n';
import { getPreferences } from './preferences';

/**
 * The device's reason when a write's answer says it is stored but owed to the device (docs/api.md
 * "Device sync"), in the user's language ('' when the device gave none yet); undefined when the
 * write reached its device.
 */
export function owedReason(answer: { message?: string | null; messageCode?: string; messageParams?: ServerTextParams }): string | undefined {
  const reason = owedReasonText(answer);
  return reason === undefined ? undefined : serverTextIn(getPreferences().language, reason);
}
