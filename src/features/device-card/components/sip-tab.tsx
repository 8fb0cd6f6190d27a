import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/device-card/messages';
import { SIP_ACCOUNT_RULES } from '@contract/device-card-settings';
import { removeSip, setSip } from '../api';
import { SIP_FIELDS, applySip, applySipRemoved, checkField, fieldUnder, sipAccountInput, sipFormValues, type DeviceCard, type SipFormValues } from '../model';
import { useCardUpdate } from '../use-card-update';
import { FormActions, FormText } from './fields';
import { FieldGrid } from './section';
import { SipStatusControl } from './sip-status-control';

/** The device's SIP account with the sos and concierge defaults, save and delete. */
export function SipTab({ card, canEdit }: { card: DeviceCard; canEdit: boolean }) {
  const t = useT();
  const mac = card.device.mac;
  const account = card.device.sipAccount;
  const form = useForm<SipFormValues>({ values: sipFormValues(card), mode: 'onTouched' });
  const reasonText = useFieldReasonText();
  const [confirming, setConfirming] = useState(false);
  const save = useCardUpdate({
    mac,
    send: (values: SipFormValues) => setSip(mac, sipAccountInput(values)),
    apply: (old, values, answer) => (answer.data ? applySip(old, answer.data, sipAccountInput(values)) : old),
    done: t('card.sip.saved'),
    form: { setError: form.setError, fieldOf: fieldUnder('account.', SIP_FIELDS), reasonText },
  });
  const remove = useCardUpdate({ mac, send: () => removeSip(mac), apply: (old) => applySipRemoved(old), done: t('card.sip.deleted') });
  const busy = save.pending || remove.pending;
  const field = (name: (typeof SIP_FIELDS)[number]) => ({
    control: form.control,
    name,
    readOnly: !canEdit,
    disabled: busy,
    check: (value: string) => checkField(SIP_ACCOUNT_RULES[name], value),
  });
  const range = (name: 'port' | 'conciergeApartment') => t('card.range', { min: SIP_ACCOUNT_RULES[name].min, max: SIP_ACCOUNT_RULES[name].max });

  return (
    <PageSection title={t('card.sip')} error={save.error ?? remove.error} actions={<SipStatusControl card={card} />}>
      {!account && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {canEdit ? t('card.sip.none') : t('card.sip.noneReadOnly')}
        </Alert>
      )}
      {account && (
        <Box sx={{ mb: 2 }}>
          <Chip size="small" variant="outlined" label={t('card.sip.type', { type: account.type })} />
        </Box>
      )}
      <form onSubmit={form.handleSubmit((values) => save.run(values))} noValidate>
        <FieldGrid>
          <FormText {...field('login')} label={t('card.sip.login')} required />
          <FormText {...field('password')} label={t('card.sip.password')} required secret />
          <FormText {...field('domain')} label={t('card.sip.domain')} required />
          <FormText {...field('port')} label={t('card.sip.port')} required numeric helperText={range('port')} />
          <FormText {...field('sos')} label={t('card.sip.sos')} />
          <FormText
            {...field('conciergeApartment')}
            label={t('card.sip.concierge')}
            numeric
            helperText={range('conciergeApartment')}
            // Left empty, the server stores the default apartment.
            check={(value) => (value.trim() === '' ? null : checkField(SIP_ACCOUNT_RULES.conciergeApartment, value))}
          />
        </FieldGrid>
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={save.pending} onCancel={() => form.reset()}>
          {account && (
            <Button color="error" onClick={() => setConfirming(true)} disabled={busy} sx={{ minHeight: 44, ml: { sm: 'auto' } }}>
              {t('card.sip.delete')}
            </Button>
          )}
        </FormActions>
      </form>
      <LazyConfirmDialog
        open={confirming}
        title={t('card.sip.delete.title')}
        text={t('card.sip.delete.text', { login: account?.login ?? '' })}
        confirmLabel={t('card.sip.delete')}
        danger
        busy={remove.pending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void remove.run(undefined).then(() => setConfirming(false))}
      />
    </PageSection>
  );
}
