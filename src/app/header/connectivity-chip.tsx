import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { OUTBOX_PATH } from '@/features/outbox/access';
import { useT } from '@/i18n/i18n';
import { useConnectivity, type ConnectivityState } from '@/offline/connectivity';
import { useOfflineT } from '@/offline/offline-strings';
import { useOfflineRuntime } from '@/offline/runtime-context';
import { usePeekedOutboxCounts } from '@/offline/runtime-demand';
import { chipLabel } from './outbox-words';

const ICONS: Record<ConnectivityState, ComponentType<SvgIconProps>> = {
  online: CloudDoneOutlined,
  offline: CloudOffOutlined,
  syncing: CloudSyncOutlined,
};

interface ConnectivityChipProps {
  userId: number;
  /** Phone width: the icon and the count only (the full text stays the accessible name). */
  compact: boolean;
  /** A link to the queue screen for the roles that may open it. */
  linked: boolean;
}

/**
 * Online, offline or syncing, as the server's reachability says (not navigator.onLine
 * alone), plus the jobs not yet sent. Loaded with the first logged-in render only; it reads the
 * count raw (runtime-demand.ts), so no route carries Dexie for it.
 */
export function ConnectivityChip({ userId, compact, linked }: ConnectivityChipProps) {
  const t = useT();
  const offlineT = useOfflineT();
  const runtime = useOfflineRuntime();
  const { state } = useConnectivity(runtime?.connectivity);
  // Read without Dexie: online-only screens load no offline database code.
  const counts = usePeekedOutboxCounts(userId, runtime?.db.name);
  const Icon = ICONS[state];
  const stateLabel = offlineT(`offline.connectivity.${state}`);
  const label = chipLabel(t, stateLabel, counts);
  const offline = state === 'offline';

  // Waiting jobs in the warning colour; jobs needing attention apart, in the error colour (on a phone at the lower corner).
  const counter = (count: number, attention: boolean) =>
    count > 0 && (
      <Box
        component="span"
        sx={{
          minWidth: 20,
          height: 20,
          px: 0.5,
          borderRadius: 10,
          display: 'inline-grid',
          placeItems: 'center',
          fontSize: '0.75rem',
          fontWeight: 700,
          lineHeight: 1,
          bgcolor: attention ? 'error.main' : offline ? 'common.white' : 'warning.main',
          color: attention ? 'error.contrastText' : offline ? 'warning.dark' : 'warning.contrastText',
          // On a phone the counts sit on the icon's corners, like badges.
          ...(compact ? { position: 'absolute', ...(attention ? { bottom: 0 } : { top: 0 }), right: -2, minWidth: 18, height: 18, fontSize: '0.6875rem' } : {}),
        }}
      >
        {attention ? `!${count}` : count}
      </Box>
    );

  const content = (
    <>
      <Icon fontSize="small" sx={state === 'syncing' ? { animation: 'connectivity-pulse 1.2s ease-in-out infinite' } : undefined} />
      {!compact && (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {stateLabel}
        </Box>
      )}
      {counter(counts.waiting, false)}
      {counter(counts.attention, true)}
    </>
  );

  const sx = {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 0.75,
    height: compact ? 40 : 32,
    width: compact ? 40 : 'auto',
    px: compact ? 0 : 1.25,
    borderRadius: compact ? 20 : 16,
    border: compact && !offline ? 'none' : '1px solid',
    borderColor: offline ? 'warning.light' : 'rgba(255,255,255,0.5)',
    bgcolor: offline ? 'warning.dark' : 'transparent',
    color: 'inherit',
    fontSize: '0.875rem',
    fontWeight: 500,
    textDecoration: 'none',
    flex: 'none',
    '@keyframes connectivity-pulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.4 } },
  } as const;

  return linked ? (
    <ButtonBase component={RouterLink} to={OUTBOX_PATH} aria-label={label} title={t('connectivity.chip.hint')} sx={{ ...sx, '&:hover': { bgcolor: offline ? 'warning.main' : 'rgba(255,255,255,0.12)' } }}>
      {content}
    </ButtonBase>
  ) : (
    <Box role="status" aria-label={label} title={label} sx={sx}>
      {content}
    </Box>
  );
}
