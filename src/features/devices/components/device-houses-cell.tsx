import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/devices/messages';
import type { RowHouse } from '../model';

/** The first address with its entrances on one line; the rest behind "ещё N" (the full list is the row's tooltip). */
export function DeviceHousesCell({ houses }: { houses: RowHouse[] }) {
  const t = useT();
  if (houses.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('devices.houses.none')}
      </Typography>
    );
  }
  const line = (house: RowHouse) =>
    house.entrances.length > 0 ? `${house.address} · ${t('devices.houses.entrances', { list: house.entrances.join(', ') })}` : house.address;
  const [first, ...rest] = houses;
  const full = houses.map(line).join('\n');
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-line' }}>{full}</Box>}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, height: '100%' }}>
        <Typography variant="body2" component="span" noWrap sx={{ minWidth: 0 }}>
          {line(first)}
        </Typography>
        {rest.length > 0 && (
          <Typography variant="caption" component="span" color="text.secondary" sx={{ flex: 'none' }}>
            {t('devices.houses.more', { count: rest.length })}
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}
