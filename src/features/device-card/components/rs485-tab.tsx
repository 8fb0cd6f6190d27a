import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RS485_MODEL_RULE, type Rs485Scan } from '@contract/device-card-settings';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { PageSection } from '@/components/page-section';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/device-card/messages';
import { useDateFormat } from '@/lib/dates';
import { errorMessage } from '@/lib/http';
import { saveRs485Model, scanRs485 } from '../api';
import { checkField, clampPercent, rs485DeviceCount, rs485Models, rs485StatusKey, type DeviceCard } from '../model';
import { deviceCardQueries } from '../queries';

import { SectionGrid } from './section';
import { useServerText } from '@/i18n/i18n';

/** How often the bus state is read while a scan runs. */
const SCAN_POLL_MS = 400;

function StatusChip({ status }: { status: string }) {
  const t = useT();
  const key = rs485StatusKey(status);
  return <Chip size="small" variant="outlined" color={status === 'online' ? 'success' : status === 'error' ? 'error' : 'default'} label={key ? t(key) : status} />;
}

/** On a phone each bus device is a card of its own: six columns do not fit 390 px. */
function ScanCards({ scan }: { scan: Rs485Scan }) {
  const t = useT();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {scan.devices.map((device) => (
        <Paper component="li" variant="outlined" key={device.index} aria-label={t('card.rs485.device', { index: device.index, model: device.model })} sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {device.index}. {device.model}
            </Typography>
            <StatusChip status={device.status} />
          </Box>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}
          >
            <dt>{t('card.rs485.col.address')}</dt>
            <dd>{device.address}</dd>
            <dt>{t('card.rs485.col.version')}</dt>
            <dd>{device.version}</dd>
            <dt>{t('card.rs485.col.enable')}</dt>
            <dd>{device.enable ? t('card.yes') : t('card.no')}</dd>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

function ScanRows({ scan }: { scan: Rs485Scan }) {
  const t = useT();
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('card.rs485.col.index')}</TableCell>
            <TableCell>{t('card.rs485.col.model')}</TableCell>
            <TableCell>{t('card.rs485.col.address')}</TableCell>
            <TableCell>{t('card.rs485.col.version')}</TableCell>
            <TableCell>{t('card.rs485.col.enable')}</TableCell>
            <TableCell>{t('card.rs485.col.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {scan.devices.map((device) => (
            <TableRow key={device.index}>
              <TableCell>{device.index}</TableCell>
              <TableCell>{device.model}</TableCell>
              <TableCell>{device.address}</TableCell>
              <TableCell>{device.version}</TableCell>
              <TableCell>{device.enable ? t('card.yes') : t('card.no')}</TableCell>
              <TableCell>
                <StatusChip status={device.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ScanTable({ scans }: { scans: Rs485Scan[] }) {
  const t = useT();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      {scans.map((scan) => (
        <Box key={`${scan.priority}-${scan.address}`} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('card.rs485.priority', { priority: scan.priority, address: scan.address })}
          </Typography>
          {phone ? <ScanCards scan={scan} /> : <ScanRows scan={scan} />}
        </Box>
      ))}
    </>
  );
}

/** RS485: the bus scan with its progress, and the model the device talks to (saved only on 204). */
export function Rs485Tab({ card, canEdit }: { card: DeviceCard; canEdit: boolean }) {
  const t = useT();
  const serverText = useServerText();
  const { dateTime } = useDateFormat();
  const client = useQueryClient();
  const mac = card.device.mac;
  const queryKey = deviceCardQueries.rs485(mac).queryKey;
  const [scanning, setScanning] = useState(false);
  const bus = useQuery({ ...deviceCardQueries.rs485(mac), refetchInterval: (query) => (scanning || query.state.data?.scan?.status === 'running' ? SCAN_POLL_MS : false) });
  const running = scanning || bus.data?.scan?.status === 'running';

  const scan = useMutation({
    mutationFn: () => scanRs485(mac),
    onMutate: () => setScanning(true),
    onSuccess: (answer) => {
      client.setQueryData(queryKey, (old) => (old ? { ...old, data: answer.data } : old));
      notify(answer.message ? serverText({ ...answer, message: answer.message }) : t('card.rs485.scanDone', { count: rs485DeviceCount(answer.data) }), { variant: 'success' });
    },
    onError: (error) => notify(t('card.rs485.scanFailed', { message: errorMessage(error) }), { variant: 'error' }),
    onSettled: () => {
      setScanning(false);
      void client.invalidateQueries({ queryKey });
    },
  });

  // What the operator typed; until then, the saved model.
  const [draft, setModel] = useState<string | null>(null);
  const savedModel = bus.data?.model ?? null;
  const model = draft ?? savedModel ?? '';
  const reasonText = useFieldReasonText();
  const modelProblem = draft === null ? null : checkField(RS485_MODEL_RULE, model);
  const saveModel = useMutation({
    mutationFn: async (next: string) => {
      const outcome = await saveRs485Model(mac, next);
      if (!outcome.ok) throw new Error(outcome.message);
      return next;
    },
    onSuccess: (next) => {
      client.setQueryData(queryKey, (old) => (old ? { ...old, model: next } : old));
      setModel(null);
      notify(t('card.rs485.modelSaved'), { variant: 'success' });
    },
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
  });

  if (bus.isPending) return <Skeleton variant="rounded" height={240} />;
  if (bus.isError) return <Alert severity="error">{errorMessage(bus.error)}</Alert>;

  const state = bus.data.scan ?? null;
  const percent = clampPercent(running ? (state?.status === 'running' ? state.progress : 0) : 100);
  const scans = bus.data.data;

  return (
    <SectionGrid>
      <PageSection
        title={t('card.rs485')}
        error={scan.error ? errorMessage(scan.error) : state?.status === 'failed' && !running ? state.message : null}
        actions={
          canEdit && (
            <Button variant="contained" onClick={() => scan.mutate()} disabled={running} sx={{ minHeight: 40 }}>
              {t('card.rs485.scan')}
            </Button>
          )
        }
      >
        {running ? (
          <Box sx={{ mb: 2 }} role="status">
            <Typography sx={{ mb: 0.5 }}>{t('card.rs485.scanning', { percent })}</Typography>
            <LinearProgress variant="determinate" value={percent} aria-label={t('card.rs485.progress')} />
          </Box>
        ) : (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {state?.finishedAt ? t('card.rs485.lastScan', { date: dateTime(state.finishedAt) }) : state || scans.length > 0 ? '' : t('card.rs485.never')}
          </Typography>
        )}
        {scans.length === 0 || rs485DeviceCount(scans) === 0 ? (
          state && !running && <Typography color="text.secondary">{t('card.rs485.empty')}</Typography>
        ) : (
          <ScanTable scans={scans} />
        )}
      </PageSection>
      <PageSection title={t('card.rs485.model')} error={saveModel.error ? errorMessage(saveModel.error) : null}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (modelProblem === null && model.trim() !== '') saveModel.mutate(model.trim());
          }}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <Autocomplete
            freeSolo
            options={rs485Models(scans, savedModel)}
            inputValue={model}
            onInputChange={(_event, value) => setModel(value)}
            disabled={saveModel.isPending}
            readOnly={!canEdit}
            sx={{ flex: '1 1 240px' }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('card.rs485.model')}
                error={modelProblem !== null}
                helperText={modelProblem ? t('card.fieldError', { label: t('card.rs485.model'), reason: reasonText(modelProblem) }) : undefined}
              />
            )}
          />
          {canEdit && (
            <Button type="submit" variant="contained" disabled={saveModel.isPending || modelProblem !== null || model.trim() === '' || model.trim() === savedModel} sx={{ minHeight: 56 }}>
              {t('card.rs485.modelSave')}
            </Button>
          )}
        </Box>
      </PageSection>
    </SectionGrid>
  );
}
