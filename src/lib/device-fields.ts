import { isDeviceAddress, isFiasId, isPorchNumText, isPortText } from '@contract/device-fields';
import type { MessageKey } from '@/i18n/i18n';

/** The device fields every wizard types with the same rule as the server (contract/device-fields.ts). */
export type DeviceFieldKind = 'port' | 'fiasId' | 'porchNum' | 'address';

const RULES: Record<DeviceFieldKind, { test: (text: string) => boolean; message: MessageKey }> = {
  port: { test: isPortText, message: 'deviceField.port' },
  fiasId: { test: isFiasId, message: 'deviceField.fiasId' },
  porchNum: { test: isPorchNumText, message: 'deviceField.porchNum' },
  address: { test: isDeviceAddress, message: 'deviceField.address' },
};

/**
 * Why the typed text breaks the field's rule (a key of the shell's catalog), or undefined when it
 * is fine. Empty text is left to the caller: most of these fields may stay empty.
 */
export function deviceFieldError(kind: DeviceFieldKind, text: string): MessageKey | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  const rule = RULES[kind];
  return rule.test(value) ? undefined : rule.message;
}
