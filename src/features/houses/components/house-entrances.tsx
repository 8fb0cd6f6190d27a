import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { Entrance } from '@contract/entrances';
import { DeviceMacChip } from '@/components/device-mac-chip';
import { useEntranceTypeName } from '@/components/entrance-type-name';
import { useT } from '@/features/houses/messages';
import { HttpError, errorMessage } from '@/lib/http';
import { entrancePath } from '../house-page-model';

/** A MAC that opens the device card. */
function MacChip({ mac, suffix }: { mac: string; suffix?: string }) {
  const t = useT();
  return <DeviceMacChip mac={mac} suffix={suffix} label={t('house.device.link', { mac })} />;
}

/** The house's entrances: each links to its page, with its type in words, its flats and its relays. */
export function HouseEntrances({ entrances }: { entrances: UseQueryResult<Entrance[]> }) {
  const t = useT();
  const typeName = useEntranceTypeName();
  if (entrances.isPending) return <Skeleton variant="rounded" height={96} />;
  if (entrances.isError) return <Alert severity="error">{t('house.entrances.error', { error: errorMessage(entrances.error) })}</Alert>;
  const rows = [...entrances.data].sort((a, b) => a.entranceNum - b.entranceNum || a.title.localeCompare(b.title));
  if (rows.length === 0) return <Typography color="text.secondary">{t('house.entrances.none')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      {rows.map((entrance) => (
        <Box component="li" key={entrance.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
          <Link component={RouterLink} to={entrancePath(entrance.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('house.entrance.link', { number: entrance.entranceNum, title: entrance.title })}
          </Link>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {typeName(entrance.type)} · {t('house.entrance.flats', { start: entrance.range.start, end: entrance.range.end })}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('house.entrance.relays')}:
            </Typography>
            {entrance.relays.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('house.entrance.noRelays')}
              </Typography>
            ) : (
              entrance.relays.map((relay) => <MacChip key={`${relay.mac}-${relay.id}`} mac={relay.mac} suffix={t('house.entrance.relay', { id: relay.id })} />)
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The MACs of the devices bound to the house (GET get-macs-from-house), each opening its card. */
export function HouseDevices({ macs }: { macs: UseQueryResult<string[]> }) {
  const t = useT();
  if (macs.isPending) return <Skeleton variant="rounded" height={40} />;
  if (macs.isError) {
    const refused = macs.error instanceof HttpError && macs.error.status === 403;
    return refused ? (
      <Typography color="text.secondary">{t('house.devices.refused')}</Typography>
    ) : (
      <Alert severity="error">{t('house.devices.error', { error: errorMessage(macs.error) })}</Alert>
    );
  }
  if (macs.data.length === 0) return <Typography color="text.secondary">{t('house.devices.none')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {macs.data.map((mac) => (
        <li key={mac}>
          <MacChip mac={mac} />
        </li>
      ))}
    </Box>
  );
}
