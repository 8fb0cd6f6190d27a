import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LazyConfirmDialog } from './lazy-confirm-dialog';
import { useT } from '@/features/device-card/messages';
import { removeSip, setSip } from '../api';
import { applySip, applySipRemoved, sipAccountInput, sipFormValues, type DeviceCard, type SipFormValues } from '../model';
import { useCardUpdate } from '../use-card-update';
import { FormActions, FormText } from './fields';
import { FieldGrid, Section } from './section';
import { SipStatusControl } from './sip-status-control';

/** The device's SIP account with the sos and concierge defaults (spec §3, §9), save and delete. */
export function SipTab({ card, canEdit }: { card: DeviceCard; canEdit: boolean }) {
  const t = useT();
  const mac = card.device.mac;
  const account = card.device.sipAccount;
  const form = useForm<SipFormValues>({ values: sipFormValues(card) });
  const [confirming, setConfirming] = useState(false);
  const save = useCardUpdate({
    mac,
    send: (values: SipFormValues) => setSip(mac, sipAccountInput(values)),
    apply: (old, values, answer) => (answer.data ? applySip(old, answer.data, sipAccountInput(values)) : old),
  });
  const remove = useCardUpdate({ mac, send: () => removeSip(mac), apply: (old) => applySipRemoved(old), done: t('card.sip.deleted') });
  const busy = save.pending || remove.pending;
  const disabled = !canEdit || busy;

  return (
    <Section title={t('card.sip')} error={save.error ?? remove.error} actions={<SipStatusControl card={card} />}>
      {!account && <Alert severity="info" sx={{ mb: 2 }}>{t('card.sip.none')}</Alert>}
      {account && (
        <Box sx={{ mb: 2 }}>
          <Chip size="small" variant="outlined" label={t('card.sip.type', { type: account.type })} />
        </Box>
      )}
      <form onSubmit={form.handleSubmit((values) => save.run(values))} noValidate>
        <FieldGrid>
          <FormText control={form.control} name="login" label={t('card.sip.login')} required disabled={disabled} />
          <FormText control={form.control} name="password" label={t('card.sip.password')} required disabled={disabled} />
          <FormText control={form.control} name="domain" label={t('card.sip.domain')} required disabled={disabled} />
          <FormText control={form.control} name="port" label={t('card.sip.port')} required numeric disabled={disabled} />
          <FormText control={form.control} name="sos" label={t('card.sip.sos')} disabled={disabled} />
          <FormText control={form.control} name="conciergeApartment" label={t('card.sip.concierge')} numeric disabled={disabled} />
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
    </Section>
  );
}
