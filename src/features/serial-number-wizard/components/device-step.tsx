import { DEVICE_TYPE_NAMES, HARDWARE_REVISIONS } from '@contract/devices';
import { ScanLabelButton } from '@/components/label-scanner/scan-label-button';
import type { LabelData } from '@/components/label-scanner/label-text';
import { useT } from '@/features/serial-number-wizard/messages';
import type { SerialNumberWizard } from '../use-serial-number-wizard';
import { FieldGrid, WizardSelect, WizardTextField, Wide } from './fields';

const TYPE_OPTIONS = DEVICE_TYPE_NAMES.map((name, type) => ({ value: String(type), label: `${type} — ${name}` }));
const REVISION_OPTIONS = HARDWARE_REVISIONS.map((revision) => ({ value: String(revision), label: String(revision) }));

export function DeviceStep({ wizard }: { wizard: SerialNumberWizard }) {
  const t = useT();
  // The label gives both: what was read replaces what was typed; the MAC arrives normalised.
  const fillFromLabel = (label: LabelData) =>
    wizard.fill({ ...(label.serialNumber !== null ? { serialNumber: label.serialNumber } : {}), ...(label.mac !== null ? { mac: label.mac } : {}) });
  return (
    <FieldGrid>
      <Wide>
        <ScanLabelButton want={['serialNumber', 'mac']} onScan={fillFromLabel} disabled={!wizard.editable} />
      </Wide>
      <WizardTextField wizard={wizard} name="serialNumber" label={t('serialWizard.field.serialNumber')} required code />
      <WizardTextField
        wizard={wizard}
        name="mac"
        label={t('serialWizard.field.mac')}
        helper={t('serialWizard.field.mac.helper')}
        required
        code
        onBlur={wizard.normalizeMacField}
      />
      <WizardSelect wizard={wizard} name="deviceType" label={t('serialWizard.field.deviceType')} options={TYPE_OPTIONS} />
      <WizardSelect wizard={wizard} name="deviceRevision" label={t('serialWizard.field.deviceRevision')} options={REVISION_OPTIONS} />
      <WizardTextField wizard={wizard} name="model" label={t('serialWizard.field.model')} required code />
    </FieldGrid>
  );
}
