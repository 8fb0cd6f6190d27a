import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/devices/messages';
import type { RowHouse } from '../model';

/** An address with this device's entrances in it: «ул. Лесная, 28 · подъезды: Подъезд 2». */
export function useHouseLine(): (house: RowHouse) => string {
  const t = useT();
  return (house) => (house.entrances.length > 0 ? `${house.address} · ${t('devices.houses.entrances', { list: house.entrances.join(', ') })}` : house.address);
}

/**
 * The first address with its entrances, wrapped over up to three lines; the rest behind "ещё N".
 * Every address in full is the cell's tooltip.
 */
export function DeviceHousesCell({ houses }: { houses: RowHouse[] }) {
  const t = useT();
  const line = useHouseLine();
  if (houses.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('devices.houses.none')}
      </Typography>
    );
  }
  const [first, ...rest] = houses;
  const full = houses.map(line).join('\n');
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-line' }}>{full}</Box>}>
      <Box sx={{ minWidth: 0, py: 0.25 }}>
        <Typography
          variant="body2"
          component="span"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere', lineHeight: 1.35 }}
        >
          {line(first)}
        </Typography>
        {rest.length > 0 && (
          <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
            {t('devices.houses.more', { count: rest.length })}
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}
