import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { HistoryEvent } from '@contract/history';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { eventKey } from '../model';
import type { HistoryLinks } from '../use-device-history';
import { EventActors, EventDevice, EventThumbnail, useEventName } from './event-parts';

interface HistoryRowsProps {
  rows: readonly HistoryEvent[];
  links: HistoryLinks;
  onOpenImage: (event: HistoryEvent) => void;
}

function useThumbnailLabel() {
  const t = useT();
  const eventName = useEventName();
  const { dateTime } = useDateFormat();
  return (event: HistoryEvent) => t('history.image.open', { event: eventName(event.eventType), time: dateTime(event.eventDate) });
}

/** From 900 px: one row per event. */
export function HistoryTable({ rows, links, onOpenImage, loading }: HistoryRowsProps & { loading: boolean }) {
  const t = useT();
  const eventName = useEventName();
  const { dateTime } = useDateFormat();
  const thumbnailLabel = useThumbnailLabel();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('history.title')} aria-busy={loading}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 170 }}>{t('history.column.time')}</TableCell>
            <TableCell sx={{ width: '30%' }}>{t('history.column.device')}</TableCell>
            <TableCell>{t('history.column.event')}</TableCell>
            <TableCell>{t('history.column.who')}</TableCell>
            <TableCell sx={{ width: 88 }}>{t('history.column.image')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={eventKey(row, index)} hover>
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{dateTime(row.eventDate)}</TableCell>
              <TableCell>
                <EventDevice mac={row.mac} links={links} />
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {row.address ?? t('history.noAddress')}
                </Typography>
              </TableCell>
              <TableCell>{eventName(row.eventType)}</TableCell>
              <TableCell>
                <EventActors event={row} links={links} />
              </TableCell>
              <TableCell sx={{ py: 0.5 }}>
                <EventThumbnail event={row} label={thumbnailLabel(row)} onOpen={() => onOpenImage(row)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Below 900 px: a card per event, the thumbnail at its side. */
export function HistoryCards({ rows, links, onOpenImage }: HistoryRowsProps) {
  const t = useT();
  const eventName = useEventName();
  const { dateTime } = useDateFormat();
  const thumbnailLabel = useThumbnailLabel();
  return (
    <Box component="ul" aria-label={t('history.title')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((row, index) => (
        <Paper component="li" key={eventKey(row, index)} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1.5, minWidth: 0 }}>
          <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0, flex: 1 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{eventName(row.eventType)}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {dateTime(row.eventDate)}
              </Typography>
            </Box>
            <Typography variant="body2" component="div">
              <EventActors event={row} links={links} />
            </Typography>
            <Box>
              <EventDevice mac={row.mac} links={links} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.address ?? t('history.noAddress')}
            </Typography>
          </Box>
          <EventThumbnail event={row} label={thumbnailLabel(row)} onOpen={() => onOpenImage(row)} size={88} />
        </Paper>
      ))}
    </Box>
  );
}
