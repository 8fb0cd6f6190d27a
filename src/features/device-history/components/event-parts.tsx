import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { HistoryEvent } from '@contract/history';
import { phoneTapTarget } from '@/components/tap-target';
import { deviceCardPath } from '@/lib/device-paths';
import { useT } from '../messages';
import { eventActors, flatPath, isAccessLogEvent, keyPath, userPath, type EventActor } from '../model';
import type { HistoryLinks } from '../use-device-history';

/** The event in words; a kind outside the eleven known ones as the device named it. */
export function useEventName() {
  const t = useT();
  return (eventType: string) => (isAccessLogEvent(eventType) ? t(`history.event.${eventType}`) : eventType);
}

/** The device's MAC opening its card (when the user may open it). */
export function EventDevice({ mac, links }: { mac: string; links: HistoryLinks }) {
  const t = useT();
  const sx = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;
  if (!links.devices) return <Box component="span" sx={sx}>{mac}</Box>;
  return (
    <Link component={RouterLink} to={deviceCardPath(mac)} aria-label={t('history.device', { mac })} sx={{ ...sx, ...phoneTapTarget }}>
      {mac}
    </Link>
  );
}

function Actor({ actor, links }: { actor: EventActor; links: HistoryLinks }) {
  const t = useT();
  const code = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;
  switch (actor.kind) {
    case 'key':
      return links.keys ? (
        <Link component={RouterLink} to={keyPath(actor.mac, actor.value)} aria-label={t('history.who.keyLink', { value: actor.value, mac: actor.mac })} sx={{ ...code, ...phoneTapTarget }}>
          {t('history.who.key', { value: actor.value })}
        </Link>
      ) : (
        <Box component="span" sx={code}>{t('history.who.key', { value: actor.value })}</Box>
      );
    case 'user':
      return links.users ? (
        <Link component={RouterLink} to={userPath(actor.userId)} aria-label={t('history.who.user', { login: actor.login })} sx={{ overflowWrap: 'anywhere', ...phoneTapTarget }}>
          {t('history.who.login', { login: actor.login })}
        </Link>
      ) : (
        <span>{t('history.who.login', { login: actor.login })}</span>
      );
    case 'login':
      return <span>{t('history.who.login', { login: actor.login })}</span>;
    case 'code':
      return <Box component="span" sx={code}>{t('history.who.code', { code: actor.code })}</Box>;
    case 'flat':
      return links.flats && actor.houseUid ? (
        <Link component={RouterLink} to={flatPath(actor.houseUid, actor.flatNum)} sx={phoneTapTarget}>
          {t('history.who.flat', { flat: actor.flatNum })}
        </Link>
      ) : (
        <span>{t('history.who.flat', { flat: actor.flatNum })}</span>
      );
    case 'identity':
      return <Box component="span" sx={code}>{actor.text}</Box>;
  }
}

/** Who or what opened: the key, the user, the code, the flat; a dash when the device said nothing. */
export function EventActors({ event, links }: { event: HistoryEvent; links: HistoryLinks }) {
  const t = useT();
  const actors = eventActors(event);
  if (actors.length === 0) return <span>{t('history.who.nobody')}</span>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25 }}>
      {actors.map((actor) => (
        <Actor key={actor.kind} actor={actor} links={links} />
      ))}
    </Box>
  );
}

/** The snapshot's thumbnail, a button opening it large. */
export function EventThumbnail({ event, label, onOpen, size = 64 }: { event: HistoryEvent; label: string; onOpen: () => void; size?: number }) {
  if (!event.image) return null;
  return (
    <Box
      component="button"
      type="button"
      onClick={onOpen}
      aria-label={label}
      sx={{
        p: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'grey.100',
        cursor: 'zoom-in',
        width: size,
        height: Math.round((size * 3) / 4),
        overflow: 'hidden',
        display: 'block',
        flexShrink: 0,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <Box component="img" src={event.image} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
    </Box>
  );
}
