import { owedReason } from '@/lib/owed-reason';
import { notify } from '@/components/notifications/notify';
import { useState } from 'react';
import type { DeviceFlatData } from '@contract/flats';
import type { FieldReason } from '@/lib/field-errors';
import { readSettingsFromDevice, setDeviceSettings } from './api';
import { useT } from './messages';
import { applySettings, checkSetting, settingsChanges, settingsForm, visibleSettings, type SettingKey, type SettingProblem, type SettingsForm } from './model';
import { useFlat, useFlatMutation } from './use-flat-card';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';

export type SettingError = { kind: 'check'; problem: SettingProblem } | { kind: 'server'; reason: FieldReason };

/** One device's settings for this flat: edit, save (realtime where it can), read back from the device. */
export function useDeviceSettings(device: DeviceFlatData) {
  const t = useT();
  const { flat } = useFlat();
  const groups = visibleSettings(device);
  const shown = groups.flatMap((group) => group.keys);
  const [form, setForm] = useState<SettingsForm>(() => settingsForm(device));
  const [serverErrors, setServerErrors] = useState<Partial<Record<SettingKey, FieldReason>>>({});
  const [readAt, setReadAt] = useState<number | null>(null);

  const errorOf = (key: SettingKey): SettingError | null => {
    const problem = checkSetting(key, form[key]);
    if (problem) return { kind: 'check', problem };
    const reason = serverErrors[key];
    return reason ? { kind: 'server', reason } : null;
  };
  const changes = settingsChanges(device, form, shown);
  const invalid = shown.some((key) => checkSetting(key, form[key]) !== null);
  useUnsavedChangesGuard(changes !== null);

  const save = useFlatMutation({
    send: (next: NonNullable<typeof changes>) => setDeviceSettings(flat, next, device.canSaveRealtime),
    apply: (current, next) => ({ ...current, deviceData: current.deviceData.map((entry) => (entry.mac === next.mac ? applySettings(entry, next) : entry)) }),
    done: (_next, answer) => (owedReason(answer) === undefined ? t(device.canSaveRealtime ? 'flat.devices.savedRealtime' : 'flat.devices.saved', { mac: device.mac }) : null),
    onDone: (_next, answer) => {
      setReadAt(null);
      // Stored, but the device has not taken it yet (docs/api.md "Device sync"): said so, not as an error.
      const owed = owedReason(answer);
      if (owed !== undefined) notify(t('flat.devices.savedOwed', { mac: device.mac, reason: owed || '—' }), { variant: 'warning' });
    },
    // `data.0.doorCode` → doorCode
    fieldOf: (path) => {
      const key = path.split('.').pop() ?? '';
      return (shown as string[]).includes(key) ? key : null;
    },
    onFieldError: (field, reason) => setServerErrors((current) => ({ ...current, [field]: reason })),
  });
  const read = useFlatMutation({
    send: () => readSettingsFromDevice(flat, device.mac),
    onDone: (_vars, fromDevice) => {
      // The device's values go into the form as unsaved changes; a failed read leaves the form alone.
      setForm(settingsForm(fromDevice));
      setServerErrors({});
      setReadAt(Date.now());
    },
  });

  return {
    groups,
    form,
    setField: (key: SettingKey, value: string) => {
      setForm((current) => ({ ...current, [key]: value }));
      setServerErrors((current) => ({ ...current, [key]: undefined }));
    },
    errorOf,
    changes,
    invalid,
    readAt,
    reset: () => {
      setForm(settingsForm(device));
      setServerErrors({});
      setReadAt(null);
    },
    submit: () => {
      if (changes && !invalid) void save.run(changes);
    },
    save,
    read,
  };
}
