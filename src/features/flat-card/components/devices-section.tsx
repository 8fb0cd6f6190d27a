import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { DeviceFlatData } from '@contract/flats';
import { ACCESS_RULES } from '@/app/access-rules';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { deviceHistoryPath, devicePowerPath, dialingsPath } from '@/lib/device-paths';
import { useSession } from '@/lib/session';
import { useT, type FeatureMessageKey } from '../messages';
import { settingsForm } from '../model';
import { useDeviceSettings, type SettingError } from '../use-device-settings';
import { useFlat } from '../use-flat-card';
import { DeviceLink } from './device-link';
import { EmptyNote, Section } from './section';

export function DevicesSection() {
  const t = useT();
  const { data, flat } = useFlat();
  const events = useDeviceEventLinks() && data.deviceData.length > 0;
  return (
    <Section
      id="devices"
      title={t('flat.section.devices')}
      count={data.deviceData.length}
      actions={
        events && (
          <Link component={RouterLink} to={deviceHistoryPath(data.deviceData.map((device) => device.mac), flat.flatNum)} variant="body2">
            {t('flat.devices.flatHistory')}
          </Link>
        )
      }
    >
      {data.deviceData.length === 0 ? (
        <EmptyNote>{t('flat.devices.none')}</EmptyNote>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {data.deviceData.map((device) => (
            // Remounted when the server's values change (a save, a move-out), keeping typed edits otherwise.
            <DeviceSettings key={`${device.mac}:${JSON.stringify(settingsForm(device))}`} device={device} />
          ))}
        </Box>
      )}
    </Section>
  );
}

/** The history and call rounds are device screens: the flat card offers them to those who may open them. */
function useDeviceEventLinks(): boolean {
  return ACCESS_RULES.devices.allows(useSession());
}

/**
 * This flat's events on the device, and on an analogue panel (the one kind that calls handsets, and
 * the one that has the `power` and `dialings` capabilities) its call rounds, call order and voltage.
 */
function DeviceEventLinks({ device }: { device: DeviceFlatData }) {
  const t = useT();
  const { flat } = useFlat();
  if (!useDeviceEventLinks()) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1.5, flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={deviceHistoryPath([device.mac], flat.flatNum)} variant="body2" aria-label={t('flat.devices.history.label', { mac: device.mac })}>
        {t('flat.devices.history')}
      </Link>
      {device.canCallToHandset && (
        <Link component={RouterLink} to={dialingsPath(device.mac, flat.flatNum)} variant="body2" aria-label={t('flat.devices.dialings.label', { mac: device.mac })}>
          {t('flat.devices.dialings')}
        </Link>
      )}
      {device.canCallToHandset && (
        <Link component={RouterLink} to={devicePowerPath(device.mac)} variant="body2" aria-label={t('flat.devices.power.label', { mac: device.mac })}>
          {t('flat.devices.power')}
        </Link>
      )}
    </Box>
  );
}

function Capability({ label, on }: { label: string; on: boolean }) {
  const t = useT();
  return <Chip size="small" variant="outlined" color={on ? 'primary' : 'default'} label={t(on ? 'flat.devices.capable' : 'flat.devices.incapable', { name: label })} />;
}

function useReasonText() {
  const t = useT();
  const serverReason = useFieldReasonText();
  return (error: SettingError): string => {
    if (error.kind === 'check') {
      const { problem } = error;
      return problem.kind === 'digits'
        ? t('flat.devices.check.digits', { min: problem.minLength, max: problem.maxLength })
        : t('flat.devices.check.integer', { min: problem.min, max: problem.max });
    }
    return serverReason(error.reason);
  };
}

function DeviceSettings({ device }: { device: DeviceFlatData }) {
  const t = useT();
  const { canEdit, canWrite } = useFlat();
  const settings = useDeviceSettings(device);
  const reasonText = useReasonText();
  const busy = settings.save.pending || settings.read.pending;

  return (
    <Box component="article" aria-label={device.mac} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <DeviceLink mac={device.mac} />
        {device.panelCode !== null && <Chip size="small" label={t('flat.devices.panelCode', { code: device.panelCode })} />}
        {device.isGate && <Chip size="small" label={t('flat.devices.gate')} />}
        <Capability label={t('flat.devices.callToHandset')} on={device.canCallToHandset} />
        <Capability label={t('flat.devices.push')} on={device.canSendPush} />
        {device.canSaveRealtime && <Capability label={t('flat.devices.realtime')} on />}
        <DeviceEventLinks device={device} />
      </Box>
      {settings.read.pending && <LinearProgress aria-label={t('flat.devices.reading')} sx={{ mb: 1 }} />}
      {settings.read.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {settings.read.error}
        </Alert>
      )}
      {settings.save.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {settings.save.error}
        </Alert>
      )}
      {settings.readAt !== null && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('flat.devices.readDone', { mac: device.mac })}
        </Alert>
      )}
      {settings.groups.length === 0 ? (
        <EmptyNote>{t('flat.devices.noSettings')}</EmptyNote>
      ) : (
        settings.groups.map((group) => (
          <Box key={group.group} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1.5, minWidth: 0 }}>
            <Typography component="legend" variant="caption" color="text.secondary" sx={{ mb: 0.75, fontWeight: 600 }}>
              {t(`flat.devices.group.${group.group}`)}
            </Typography>
            <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))' }}>
              {group.keys.map((key) => {
                const error = settings.errorOf(key);
                return (
                  <TextField
                    key={key}
                    size="small"
                    label={t(`flat.setting.${key}` as FeatureMessageKey)}
                    value={settings.form[key]}
                    onChange={(event) => settings.setField(key, event.target.value)}
                    error={error !== null}
                    helperText={error ? reasonText(error) : undefined}
                    slotProps={{ htmlInput: { inputMode: 'numeric', readOnly: !canEdit } }}
                  />
                );
              })}
            </Box>
          </Box>
        ))
      )}
      {canEdit && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {settings.groups.length > 0 && (
            <>
              <Button variant="contained" size="small" disabled={!canWrite || busy || settings.changes === null || settings.invalid} onClick={settings.submit}>
                {t(settings.save.pending ? 'flat.saving' : device.canSaveRealtime ? 'flat.devices.saveRealtime' : 'flat.devices.save')}
              </Button>
              <Button size="small" disabled={busy || settings.changes === null} onClick={settings.reset}>
                {t('flat.devices.reset')}
              </Button>
            </>
          )}
          <Button size="small" variant="outlined" disabled={!canWrite || busy} onClick={() => void settings.read.run(undefined)}>
            {t(settings.read.pending ? 'flat.devices.reading' : 'flat.devices.read')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
