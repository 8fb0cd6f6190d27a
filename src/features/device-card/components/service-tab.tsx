import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/device-card/messages';
import { useServerText } from '@/i18n/i18n';
import { notify } from '@/components/notifications/notify';
import { useDictionary } from '@/lib/dictionaries';
import { errorMessage } from '@/lib/http';
import { sendToExternal, setRemovalReason, updateFirmware } from '../api';
import { canUse, checkField, clampPercent, firmwarePhase, parseInteger, type DeviceCard } from '../model';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { deviceCardQueries } from '../queries';
import { useCardUpdate } from '../use-card-update';
import { REMOVAL_COMMENT_RULE } from '@contract/device-card-settings';
import { FormActions, FormSelect, FormText } from './fields';
import { SectionGrid } from './section';

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
    done: t('card.external.sent'),
  });
  const known = card.externalExistsStatus;
  return (
    <PageSection title={t('card.external')} error={send.error}>
      <Typography sx={{ mb: 2 }}>
        {known === null ? t('card.flag.unknown', { name: t('card.flag.external') }) : t(known ? 'card.flag.on' : 'card.flag.off', { name: t('card.flag.external') })}
      </Typography>
      {canEdit && (
        <Button variant="contained" onClick={() => void send.run(undefined)} disabled={send.pending} sx={{ minHeight: 44 }}>
          {t('card.external.send')}
        </Button>
      )}
    </PageSection>
  );
}

interface ReasonForm {
  reason: string;
  comment: string;
}

/** Written when a device is taken down; the card does not read it back, so a reader is not shown the form. */
function RemovalReasonSection({ card }: { card: DeviceCard }) {
  const t = useT();
  const mac = card.device.mac;
  const reasons = useDictionary('reasons_removing_device');
  const reasonText = useFieldReasonText();
  const form = useForm<ReasonForm>({ defaultValues: { reason: '', comment: '' }, mode: 'onTouched' });
  const update = useCardUpdate({
    mac,
    send: ({ reason, comment }: { reason: number; comment: string }) => setRemovalReason(mac, reason, comment),
    onSaved: (vars) => form.reset({ reason: String(vars.reason), comment: vars.comment }),
    form: { setError: form.setError, fieldOf: (path) => (path === 'reason' || path === 'comment' ? path : null), reasonText },
  });
  const submit = form.handleSubmit(async (values) => {
    const reason = parseInteger(values.reason);
    if (reason === null) form.setError('reason', { message: reasonText({ kind: 'required' }) });
    else await update.run({ reason, comment: values.comment });
  });
  return (
    <PageSection title={t('card.reason')} error={update.error}>
      <form onSubmit={submit} noValidate>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <FormSelect
            control={form.control}
            name="reason"
            label={t('card.reason.field')}
            choices={reasons.options.map((option) => ({ value: option.key, label: option.label }))}
            emptyLabel={t('card.option.none')}
            disabled={update.pending}
          />
          <FormText
            control={form.control}
            name="comment"
            label={t('card.reason.comment')}
            multiline
            check={(value) => checkField(REMOVAL_COMMENT_RULE, value)}
            disabled={update.pending}
          />
        </Box>
        <FormActions canEdit dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()} label={t('card.reason.save')} />
      </form>
    </PageSection>
  );
}

/** How often the firmware state is read while the device flashes. */
const FIRMWARE_POLL_MS = 1_000;

/**
 * The installed firmware and its update: asked for with the versions from → to, then followed
 * until the device reports the new version (GET …/firmware-versions answers the progress).
 */
function FirmwareSection({ card, canEdit }: TabProps) {
  const t = useT();
  const serverText = useServerText();
  const client = useQueryClient();
  const mac = card.device.mac;
  const queryKey = deviceCardQueries.firmware(mac).queryKey;
  const versions = useQuery({
    ...deviceCardQueries.firmware(mac),
    refetchInterval: (query) => (query.state.data?.update?.status === 'running' ? FIRMWARE_POLL_MS : false),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useCardUpdate({
    mac,
    send: (version: string) => updateFirmware(mac, version),
    done: chosen ? t('card.firmware.started', { version: chosen }) : undefined,
    onSaved: (_version, answer) => {
      setChosen(null);
      setConfirming(false);
      if (answer.update) client.setQueryData(queryKey, (old) => (old ? { ...old, update: answer.update } : old));
      void client.invalidateQueries({ queryKey });
    },
  });

  // Updates seen running here, by start time: their end is announced once.
  const following = useRef(new Set<string>());
  const data = versions.data;
  useEffect(() => {
    const state = data?.update;
    if (!data || !state) return;
    if (state.status === 'running') {
      following.current.add(state.startedAt);
      return;
    }
    if (!following.current.delete(state.startedAt)) return;
    if (firmwarePhase(data, state.target).phase === 'done') notify(t('card.firmware.done', { version: state.target }), { variant: 'success' });
    else notify(t('card.firmware.failed', { version: state.target }), { variant: 'error' });
  }, [data, t]);

  if (versions.isPending) return <Skeleton variant="rounded" height={160} />;
  if (versions.isError) return <Alert severity="error">{errorMessage(versions.error)}</Alert>;
  const { current, list } = versions.data;
  const state = versions.data.update ?? null;
  const running = state?.status === 'running';
  const value = chosen ?? current ?? '';
  return (
    <PageSection title={t('card.firmware')} error={update.error}>
      <Typography sx={{ mb: 2 }}>{t('card.firmware.current', { version: current ?? t('card.unknown') })}</Typography>
      {running && (
        <Box sx={{ mb: 2 }} role="status">
          <Typography sx={{ mb: 0.5 }}>
            {t('card.firmware.progress', { from: state.from ?? t('card.unknown'), to: state.target, percent: clampPercent(state.progress) })}
          </Typography>
          <LinearProgress variant="determinate" value={clampPercent(state.progress)} aria-label={t('card.firmware.progressLabel')} />
        </Box>
      )}
      {state?.status === 'failed' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('card.firmware.failed', { version: state.target })}
          {state.message ? `: ${serverText({ ...state, message: state.message })}` : ''}
        </Alert>
      )}
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('card.firmware.none')}</Typography>
      ) : (
        canEdit && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              label={t('card.firmware.version')}
              value={value}
              onChange={(event) => setChosen(event.target.value)}
              disabled={update.pending || running}
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
            <Button
              variant="contained"
              onClick={() => setConfirming(true)}
              disabled={update.pending || running || value === '' || value === current}
              sx={{ minHeight: 44 }}
            >
              {t('card.firmware.update')}
            </Button>
          </Box>
        )
      )}
      <LazyConfirmDialog
        open={confirming}
        title={t('card.firmware.confirm.title')}
        text={t('card.firmware.confirm.text', { mac, from: current ?? t('card.unknown'), to: value })}
        confirmLabel={t('card.firmware.confirm.ok')}
        busy={update.pending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void update.run(value).then(() => setConfirming(false))}
      />
    </PageSection>
  );
}

/** External system, removal reason and firmware. */
export function ServiceTab({ card, canEdit }: TabProps) {
  return (
    <SectionGrid>
      <ExternalSection card={card} canEdit={canEdit} />
      {canEdit && <RemovalReasonSection card={card} />}
      {canUse(card.device, 'firmware') && <FirmwareSection card={card} canEdit={canEdit} />}
    </SectionGrid>
  );
}
