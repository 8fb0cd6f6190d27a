import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '@/features/device-card/messages';
import { useDictionary } from '@/lib/dictionaries';
import { errorMessage } from '@/lib/http';
import { sendToExternal, setRemovalReason, updateFirmware } from '../api';
import { canUse, parseInteger, type DeviceCard } from '../model';
import { deviceCardQueries } from '../queries';
import { useCardUpdate } from '../use-card-update';
import { FormActions, FormSelect, FormText } from './fields';
import { Section, SectionGrid } from './section';

interface TabProps {
  card: DeviceCard;
  canEdit: boolean;
}

function ExternalSection({ card, canEdit }: TabProps) {
  const t = useT();
  const mac = card.device.mac;
  const send = useCardUpdate({
    mac,
    send: () => sendToExternal(mac),
    apply: (old) => ({ ...old, externalExistsStatus: true }),
    done: (answer) => answer.message ?? t('card.external.sent'),
  });
  const known = card.externalExistsStatus;
  return (
    <Section title={t('card.external')} error={send.error}>
      <Typography sx={{ mb: 2 }}>
        {known === null ? t('card.flag.unknown', { name: t('card.flag.external') }) : t(known ? 'card.flag.on' : 'card.flag.off', { name: t('card.flag.external') })}
      </Typography>
      {canEdit && (
        <Button variant="contained" onClick={() => void send.run(undefined)} disabled={send.pending} sx={{ minHeight: 44 }}>
          {t('card.external.send')}
        </Button>
      )}
    </Section>
  );
}

interface ReasonForm {
  reason: string;
  comment: string;
}

function RemovalReasonSection({ card, canEdit }: TabProps) {
  const t = useT();
  const mac = card.device.mac;
  const reasons = useDictionary('reasons_removing_device');
  const form = useForm<ReasonForm>({ defaultValues: { reason: '', comment: '' } });
  const update = useCardUpdate({
    mac,
    send: ({ reason, comment }: { reason: number; comment: string }) => setRemovalReason(mac, reason, comment),
    onSaved: (vars) => form.reset({ reason: String(vars.reason), comment: vars.comment }),
  });
  const submit = form.handleSubmit(async (values) => {
    const reason = parseInteger(values.reason);
    if (reason === null) form.setError('reason', { message: t('card.required') });
    else await update.run({ reason, comment: values.comment });
  });
  return (
    <Section title={t('card.reason')} error={update.error ?? form.formState.errors.reason?.message}>
      <form onSubmit={submit} noValidate>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <FormSelect
            control={form.control}
            name="reason"
            label={t('card.reason.field')}
            choices={reasons.options.map((option) => ({ value: option.key, label: option.label }))}
            emptyLabel={t('card.option.none')}
            disabled={!canEdit || update.pending}
          />
          <FormText control={form.control} name="comment" label={t('card.reason.comment')} multiline disabled={!canEdit || update.pending} />
        </Box>
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} label={t('card.reason.save')} />
      </form>
    </Section>
  );
}

function FirmwareSection({ card, canEdit }: TabProps) {
  const t = useT();
  const client = useQueryClient();
  const mac = card.device.mac;
  const versions = useQuery(deviceCardQueries.firmware(mac));
  const [chosen, setChosen] = useState<string | null>(null);
  const update = useCardUpdate({
    mac,
    send: (version: string) => updateFirmware(mac, version),
    onSaved: () => {
      setChosen(null);
      void client.invalidateQueries({ queryKey: deviceCardQueries.firmware(mac).queryKey });
    },
  });
  if (versions.isPending) return <Skeleton variant="rounded" height={160} />;
  if (versions.isError) return <Alert severity="error">{errorMessage(versions.error)}</Alert>;
  const { current, list } = versions.data;
  const value = chosen ?? current ?? '';
  return (
    <Section title={t('card.firmware')} error={update.error}>
      <Typography sx={{ mb: 2 }}>{t('card.firmware.current', { version: current ?? t('card.unknown') })}</Typography>
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('card.firmware.none')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            label={t('card.firmware.version')}
            value={value}
            onChange={(event) => setChosen(event.target.value)}
            disabled={!canEdit || update.pending}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ flex: '1 1 240px' }}
          >
            {current === null && <option value="">{t('card.option.none')}</option>}
            {list.map((item) => (
              <option key={item.version} value={item.version}>
                {item.installed ? t('card.firmware.installed', { title: item.title }) : item.title}
              </option>
            ))}
          </TextField>
          {canEdit && (
            <Button variant="contained" onClick={() => void update.run(value)} disabled={update.pending || value === '' || value === current} sx={{ minHeight: 44 }}>
              {t('card.firmware.update')}
            </Button>
          )}
        </Box>
      )}
    </Section>
  );
}

/** External system, removal reason and firmware. */
export function ServiceTab({ card, canEdit }: TabProps) {
  return (
    <SectionGrid>
      <ExternalSection card={card} canEdit={canEdit} />
      <RemovalReasonSection card={card} canEdit={canEdit} />
      {canUse(card.device, 'firmware') && <FirmwareSection card={card} canEdit={canEdit} />}
    </SectionGrid>
  );
}
