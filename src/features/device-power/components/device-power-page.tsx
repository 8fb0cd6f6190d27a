import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { normalizeMac } from '@contract/common';
import { POWER_RANGES, isOutsideBand, type PowerResponse } from '@contract/power';
import { PageHeader } from '@/components/page-header';
import { PageLoadError } from '@/components/page-load-error';
import { StatusChip } from '@/components/status-chip';
import { useDateFormat } from '@/lib/dates';
import { deviceCardPath } from '@/lib/device-paths';
import { useLanguage } from '@/lib/preferences';
import { useT } from '../messages';
import { RANGE_LABELS, chartPoints, formatVolts, maxGapMs } from '../model';
import { useDevicePower, type DevicePowerModel } from '../use-device-power';
import { VoltageChart } from './voltage-chart';

/** `/devices/:mac/power`: the device's supply voltage over 24 hours, 7 or 30 days, and a reading taken now. */
export function DevicePowerPage() {
  const { mac: raw = '' } = useParams();
  const mac = normalizeMac(raw) ?? raw;
  return <PowerScreen key={mac} mac={mac} />;
}

function PowerScreen({ mac }: { mac: string }) {
  const t = useT();
  const model = useDevicePower(mac);
  const { answer } = model;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <PageHeader
          title={t('power.title')}
          actions={
            <Button component={RouterLink} to={deviceCardPath(mac)} startIcon={<ArrowBackIcon />} sx={{ minHeight: 44 }}>
              {t('power.back')}
            </Button>
          }
        />
        <DeviceLine mac={mac} answer={answer} />
      </Box>
      {!model.online && <Alert severity="warning">{t('power.offline')}</Alert>}
      <Controls model={model} />
      {model.refreshError && <Alert severity="error">{t('power.refreshError', { error: model.refreshError })}</Alert>}
      {model.refreshed && !model.refreshing && <RefreshedNote volts={model.refreshed.volts} at={model.refreshed.measuredAt} />}
      {model.pending && !model.error ? (
        <Box role="status" aria-busy="true" aria-label={t('power.loading')} sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={300} />
        </Box>
      ) : answer === undefined ? (
        <PageLoadError error={model.error} message={(error) => t('power.loadError', { error })} retryLabel={t('power.retry')} onRetry={model.retry} />
      ) : (
        <Readings answer={answer} />
      )}
    </Box>
  );
}

/** The device: its MAC, whether it answers now, and its address. */
function DeviceLine({ mac, answer }: { mac: string; answer: PowerResponse | undefined }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, mt: -1 }}>
      <Typography sx={{ fontFamily: 'monospace' }}>{t('power.device', { mac: answer?.device.mac ?? mac })}</Typography>
      {answer && <StatusChip tone={answer.liveStatus ? 'good' : 'off'}>{t(answer.liveStatus ? 'power.live.online' : 'power.live.offline')}</StatusChip>}
      {answer && <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{answer.address ?? t('power.noAddress')}</Typography>}
    </Box>
  );
}

/** The range toggle and «Обновить». */
function Controls({ model }: { model: DevicePowerModel }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={model.range}
        aria-label={t('power.range.label')}
        onChange={(_event, value: string | null) => {
          const next = POWER_RANGES.find((range) => range === value);
          if (next) model.setRange(next);
        }}
      >
        {POWER_RANGES.map((range) => (
          <ToggleButton key={range} value={range} sx={{ minHeight: 40, px: 2 }}>
            {t(RANGE_LABELS[range])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Button
        variant="contained"
        startIcon={model.refreshing ? <CircularProgress size={18} color="inherit" /> : <RefreshIcon />}
        disabled={!model.online || model.refreshing}
        onClick={model.refresh}
        sx={{ minHeight: 40 }}
      >
        {model.refreshing ? t('power.refreshing') : t('power.refresh')}
      </Button>
    </Box>
  );
}

/** The last reading, the band, the count outside it, and the chart (or why there is none). */
function Readings({ answer }: { answer: PowerResponse }) {
  const t = useT();
  const language = useLanguage();
  const { dateTime } = useDateFormat();
  const points = useMemo(() => chartPoints(answer.points, answer.band), [answer.points, answer.band]);
  const band = t('power.band', { min: formatVolts(answer.band.min, language), max: formatVolts(answer.band.max, language) });
  const last = answer.last;
  const lastOutside = last !== null && isOutsideBand(last.volts, answer.band);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 3, rowGap: 1 }}>
        <Box aria-label={t('power.last')} role="group">
          <Typography variant="body2" color="text.secondary">
            {t('power.last')}
          </Typography>
          {last ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
              <Typography component="span" sx={{ fontSize: '1.75rem', fontWeight: 500, color: lastOutside ? 'error.main' : 'text.primary' }}>
                {t('power.volts', { volts: formatVolts(last.volts, language) })}
              </Typography>
              <StatusChip tone={lastOutside ? 'bad' : 'good'}>{t(lastOutside ? 'power.outBand' : 'power.inBand')}</StatusChip>
              <Typography component="span" color="text.secondary">
                {dateTime(last.measuredAt)}
              </Typography>
            </Box>
          ) : (
            <Typography>{t('power.last.none')}</Typography>
          )}
        </Box>
        <Box>
          <Typography variant="body2">{band}</Typography>
          <Typography variant="body2" color={answer.outsideCount > 0 ? 'error.main' : 'text.secondary'}>
            {t('power.outside', { outside: answer.outsideCount, total: answer.readingCount })}
          </Typography>
        </Box>
      </Box>
      {points.length === 0 ? (
        <Alert severity="info">{t('power.empty')}</Alert>
      ) : (
        <VoltageChart points={points} band={answer.band} range={answer.range} from={new Date(answer.from)} to={new Date(answer.to)} maxGapMs={maxGapMs(answer.bucketMinutes)} />
      )}
    </Paper>
  );
}

/** What the refresh read, said once it is on the chart. */
function RefreshedNote({ volts, at }: { volts: number; at: string }) {
  const t = useT();
  const language = useLanguage();
  const { dateTime } = useDateFormat();
  return (
    <Alert severity="success" role="status">
      {t('power.refreshed', { volts: t('power.volts', { volts: formatVolts(volts, language) }), time: dateTime(at) })}
    </Alert>
  );
}
