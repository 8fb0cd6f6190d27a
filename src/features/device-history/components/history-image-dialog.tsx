import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { HistoryEvent } from '@contract/history';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import type { HistoryLinks } from '../use-device-history';
import { EventActors, EventDevice, useEventName } from './event-parts';

interface HistoryImageDialogProps {
  /** The page's events that have a snapshot. */
  images: readonly HistoryEvent[];
  /** The one shown. */
  index: number;
  links: HistoryLinks;
  onPrevious: () => void;
  onNext: () => void;
  onClose: () => void;
}

/** Words a phone's narrow buttons leave out (the button's name keeps them). */
function Wide({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, whiteSpace: 'pre' }}>
      {' '}
      {children}
    </Box>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** A modal showing a history image: the snapshot large, the event's details, and the page's other snapshots by the arrows (keys ← → too). */
export function HistoryImageDialog({ images, index, links, onPrevious, onNext, onClose }: HistoryImageDialogProps) {
  const t = useT();
  const eventName = useEventName();
  const { dateTime } = useDateFormat();
  const event = images[index];
  const [failed, setFailed] = useState<string | null>(null);
  if (!event) return null;
  const time = dateTime(event.eventDate);
  const params = Object.entries(event.params);
  const first = index === 0;
  const last = index === images.length - 1;

  const onKeyDown = (keyEvent: KeyboardEvent) => {
    if (keyEvent.key === 'ArrowLeft' && !first) onPrevious();
    else if (keyEvent.key === 'ArrowRight' && !last) onNext();
    else return;
    keyEvent.preventDefault();
  };

  return (
    <Dialog open onClose={onClose} onKeyDown={onKeyDown} maxWidth="md" fullWidth aria-labelledby="history-image-title">
      <DialogTitle id="history-image-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
          {t('history.image.title')}
        </Box>
        <Typography component="span" variant="body2" color="text.secondary" aria-live="polite">
          {t('history.image.position', { index: index + 1, count: images.length })}
        </Typography>
        <IconButton aria-label={t('history.image.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2, p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ bgcolor: 'grey.900', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 200 }}>
          {failed === event.image ? (
            <Typography sx={{ color: 'grey.100', p: 4 }}>{t('history.image.failed')}</Typography>
          ) : (
            <Box
              component="img"
              key={event.image}
              src={event.image ?? undefined}
              alt={t('history.image.alt', { event: eventName(event.eventType), mac: event.mac, time })}
              onError={() => setFailed(event.image)}
              // Snapshots are small (a camera's preview): drawn at the modal's width, never past the screen's height.
              sx={{ width: '100%', height: 'auto', maxHeight: { xs: '40vh', sm: '55vh' }, display: 'block', objectFit: 'contain' }}
            />
          )}
        </Box>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(90px, max-content) minmax(0, 1fr)' }, columnGap: 2, rowGap: { xs: 0, sm: 0.5 } }}>
          <Detail label={t('history.image.time')}>{time}</Detail>
          <Detail label={t('history.image.event')}>{eventName(event.eventType)}</Detail>
          <Detail label={t('history.image.device')}>
            <EventDevice mac={event.mac} links={links} />
          </Detail>
          <Detail label={t('history.image.address')}>{event.address ?? t('history.noAddress')}</Detail>
          <Detail label={t('history.image.who')}>
            <EventActors event={event} links={links} />
          </Detail>
          {params.length > 0 && (
            <Detail label={t('history.image.params')}>
              {params.map(([name, value]) => (
                <Box key={name} component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.8125rem' }}>
                  {`${name}: ${String(value)}`}
                </Box>
              ))}
            </Detail>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button startIcon={<ChevronLeft />} onClick={onPrevious} disabled={first} aria-label={t('history.image.previous')}>
          {t('history.image.previousShort')}
          <Wide>{t('history.image.snapshotWord')}</Wide>
        </Button>
        <Button endIcon={<ChevronRight />} onClick={onNext} disabled={last} aria-label={t('history.image.next')}>
          {t('history.image.nextShort')}
          <Wide>{t('history.image.snapshotWord')}</Wide>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
