import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DeviceStatus } from '@contract/devices';
import { useT } from '@/features/devices/messages';
import type { DeviceCardSummary } from '../model';
import { useHouseLine } from './device-houses-cell';
import { DeviceLiveStatus } from './device-live-status';
import { DeviceStatusBadge } from './device-status-badge';

/** A device as a phone shows it: MAC and status, type (and buyer), connectivity, then its addresses with entrances. */
export function DeviceRowCard({ summary, status }: { summary: DeviceCardSummary; status: DeviceStatus | undefined }) {
  const t = useT();
  const line = useHouseLine();
  const { buyer } = summary;
  return (
    <Box sx={{ display: 'grid', gap: 0.75, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 600, fontSize: 15 }}>
          {summary.mac}
        </Typography>
        <DeviceStatusBadge code={summary.statusCode} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {summary.type}
      </Typography>
      {buyer && (
        <Typography variant="body2" color="text.secondary">
          {buyer.name ?? t('devices.buyer.number', { id: buyer.id })}
        </Typography>
      )}
      <Box sx={{ height: 22 }}>
        <DeviceLiveStatus status={status} />
      </Box>
      {summary.houses.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('devices.houses.none')}
        </Typography>
      ) : (
        summary.houses.map((house) => (
          <Typography key={house.uid} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {line(house)}
          </Typography>
        ))
      )}
      {summary.moreHouses > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('devices.houses.moreCard', { count: summary.moreHouses })}
        </Typography>
      )}
    </Box>
  );
}
