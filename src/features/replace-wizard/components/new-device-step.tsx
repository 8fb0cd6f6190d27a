import { DEVICE_TYPE_NAMES, HARDWARE_REVISIONS } from '@contract/devices';
import { ScanLabelButton } from '@/components/label-scanner/scan-label-button';
import { useT } from '@/features/replace-wizard/messages';
import type { ReplaceWizard } from '../use-replace-wizard';
import { Choice, FieldGrid, TextInput, Wide } from './fields';

const TYPE_OPTIONS = DEVICE_TYPE_NAMES.map((name, type) => ({ value: String(type), label: `${type} — ${name}` }));

/** The replacement: its label, its type (the old device's by default) and, if known, its hardware revision. */
export function NewDeviceStep({ wizard }: { wizard: ReplaceWizard }) {
  const t = useT();
  const { draft } = wizard;
  return (
    <FieldGrid>
      <Wide>
        <ScanLabelButton want={['serialNumber', 'mac']} onScan={(label) => wizard.applyLabel('new', label)} disabled={!wizard.editable} fullWidth />
      </Wide>
      <TextInput wizard={wizard} name="newSerialNumber" label={t('replaceWizard.field.newSerialNumber')} helper={t('replaceWizard.field.serial.helper')} code />
      <TextInput wizard={wizard} name="newMac" label={t('replaceWizard.field.newMac')} helper={t('replaceWizard.field.mac.helper')} required code />
      <Choice
        label={t('replaceWizard.field.type')}
        required
        value={draft.type === null ? '' : String(draft.type)}
        options={[{ value: '', label: t('replaceWizard.field.type.none') }, ...TYPE_OPTIONS]}
        onChange={(value) => wizard.setType(value === '' ? null : Number(value))}
        disabled={!wizard.editable}
        error={wizard.shownError('type')}
      />
      <Choice
        label={t('replaceWizard.field.revision')}
        value={draft.revision === null ? '' : String(draft.revision)}
        options={[{ value: '', label: t('replaceWizard.field.revision.none') }, ...HARDWARE_REVISIONS.map((revision) => ({ value: String(revision), label: String(revision) }))]}
        onChange={(value) => wizard.setRevision(value === '' ? null : Number(value))}
        disabled={!wizard.editable}
        error={wizard.shownError('revision')}
      />
    </FieldGrid>
  );
}
