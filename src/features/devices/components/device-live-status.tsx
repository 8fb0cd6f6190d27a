import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DeviceStatus } from '@contract/devices';
import { useT } from '@/features/devices/messages';
import { liveState } from '../model';

const DOT_COLOURS = { online: 'success.main', offline: 'error.main', unknown: 'text.disabled' } as const;

/** A protocol's state: the mark says it without colour, the name says it in words. */
function Flag({ on, label, title }: { on: boolean; label: string; title: string }) {
  const Mark = on ? Check : Close;
  return (
    <Box
      component="span"
      title={title}
      aria-label={title}
      role="img"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        flex: 'none',
        pl: 0.5,
        pr: 0.25,
        borderRadius: 0.5,
        fontSize: 11,
        fontWeight: 600,
        lineHeight: '18px',
        border: 1,
        borderColor: on ? 'success.main' : 'divider',
        color: on ? 'success.dark' : 'text.secondary',
      }}
    >
      {label}
      <Mark aria-hidden sx={{ fontSize: 13 }} />
    </Box>
  );
}

/** Live, SIP and RTSP statuses from get-statuses; "no data" until the first answer. */
export function DeviceLiveStatus({ status }: { status: DeviceStatus | undefined }) {
  const t = useT();
  const state = liveState(status);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, height: '100%' }}>
      <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT_COLOURS[state], flex: 'none' }} />
      <Typography variant="body2" component="span" noWrap>
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
