import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DeviceStatus } from '@contract/devices';
import { useT } from '@/features/devices/messages';
import { liveState } from '../model';

const DOT_COLOURS = { online: 'success.main', offline: 'error.main', unknown: 'text.disabled' } as const;

function Flag({ on, label, title }: { on: boolean; label: string; title: string }) {
  return (
    <Box
      component="span"
      title={title}
      aria-label={title}
      role="img"
      sx={{
        px: 0.5,
        borderRadius: 0.5,
        fontSize: 11,
        fontWeight: 600,
        lineHeight: '18px',
        border: 1,
        borderColor: on ? 'success.main' : 'divider',
        color: on ? 'success.dark' : 'text.disabled',
      }}
    >
      {label}
    </Box>
  );
}

/** Live, SIP and RTSP statuses from get-statuses; "no data" until the first answer. `compact` (phones): the dot alone, named for screen readers. */
export function DeviceLiveStatus({ status, compact = false }: { status: DeviceStatus | undefined; compact?: boolean }) {
  const t = useT();
  const state = liveState(status);
  if (compact) {
    return (
      <Box role="img" aria-label={t(`devices.live.${state}`)} title={t(`devices.live.${state}`)} sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
        <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: DOT_COLOURS[state] }} />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, height: '100%' }}>
      <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT_COLOURS[state], flex: 'none' }} />
      <Typography variant="body2" component="span" sx={{ minWidth: 72 }}>
        {t(`devices.live.${state}`)}
      </Typography>
      {status && (
        <>
          <Flag on={status.sipStatus} label={t('devices.live.sip')} title={status.sipStatus ? t('devices.live.sipOn') : t('devices.live.sipOff')} />
          <Flag on={status.rtspStatus} label={t('devices.live.rtsp')} title={status.rtspStatus ? t('devices.live.rtspOn') : t('devices.live.rtspOff')} />
        </>
      )}
    </Box>
  );
}
