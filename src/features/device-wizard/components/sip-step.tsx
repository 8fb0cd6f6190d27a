import Alert from '@mui/material/Alert';
import { SIP_TYPES } from '@contract/devices';
import { useT } from '@/features/device-wizard/messages';
import type { DeviceWizard } from '../use-device-wizard';
import { Choice, FieldGrid, NumberInput, TextInput, Wide } from './fields';

const TYPE_OPTIONS = SIP_TYPES.map((type) => ({ value: type, label: type.toUpperCase() }));

/** Step 4: the device's SIP account (sipAccount {domain, port, type}); buyer 1's are forced. */
export function SipStep({ wizard }: { wizard: DeviceWizard }) {
  const t = useT();
  const { draft, act, touch, shownError, sipForced } = wizard;
  const disabled = !wizard.editable;
  return (
    <FieldGrid>
      {sipForced && (
        <Wide>
          <Alert severity="info">{t('deviceWizard.field.sipForced')}</Alert>
        </Wide>
      )}
      <TextInput
        label={t('deviceWizard.field.sipDomain')}
        code
        disabled={disabled || sipForced}
        value={draft.sipAccount.domain}
        onChange={(domain) => act({ type: 'sip', patch: { domain } })}
        onBlur={() => touch('sipDomain')}
        error={shownError('sipDomain')}
        helper={sipForced ? undefined : t('deviceWizard.field.sipDomain.helper')}
      />
      <NumberInput
        label={t('deviceWizard.field.sipPort')}
        allowEmpty
        disabled={disabled || sipForced}
        value={draft.sipAccount.port}
        invalidText={t('deviceWizard.error.number')}
        onChange={(port) => act({ type: 'sip', patch: { port } })}
        onReadChange={(read) => wizard.setNumberRead('sipPort', read)}
        onBlur={() => touch('sipPort')}
        error={shownError('sipPort')}
      />
      <Choice
        label={t('deviceWizard.field.sipType')}
        disabled={disabled}
        value={draft.sipAccount.type}
        options={TYPE_OPTIONS}
        onChange={(type) => act({ type: 'sip', patch: { type } })}
        onBlur={() => touch('sipType')}
        error={shownError('sipType')}
      />
    </FieldGrid>
  );
}
