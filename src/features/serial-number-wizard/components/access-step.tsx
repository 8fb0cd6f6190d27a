import { useT } from '@/features/serial-number-wizard/messages';
import type { SerialNumberWizard } from '../use-serial-number-wizard';
import { FieldGrid, Wide, WizardTextField } from './fields';

export function AccessStep({ wizard }: { wizard: SerialNumberWizard }) {
  const t = useT();
  return (
    <FieldGrid>
      <Wide>
        <WizardTextField wizard={wizard} name="dns" label={t('serialWizard.field.dns')} helper={t('serialWizard.field.dns.helper')} required code />
      </Wide>
      <WizardTextField wizard={wizard} name="login" label={t('serialWizard.field.login')} required code />
      <WizardTextField wizard={wizard} name="pass" label={t('serialWizard.field.pass')} required secret />
      <Wide>
        <WizardTextField wizard={wizard} name="deviceOwner" label={t('serialWizard.field.deviceOwner')} helper={t('serialWizard.field.deviceOwner.helper')} />
      </Wide>
    </FieldGrid>
  );
}
