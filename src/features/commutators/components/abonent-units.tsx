import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import type { AbonentUnit } from '@contract/commutators';
import { useDateFormat } from '@/lib/dates';
import { errorMessage } from '@/lib/http';
import { useT, type FeatureMessageKey } from '../messages';
import { DEAD_LINE_LEVEL } from '../model';
import { commutatorQueries } from '../queries';

const HANDSET_LABELS: Record<number, FeatureMessageKey> = {
  0: 'commutators.units.type.0',
  1: 'commutators.units.type.1',
  2: 'commutators.units.type.2',
};

/** The abonent units by panel code: the handset type, its line level and when it was measured; a click marks its cell in the grid. */
export const AbonentUnits = memo(function AbonentUnits({ mac, highlightFlat, onHighlight }: { mac: string; highlightFlat: number | null; onHighlight: (flat: number | null) => void }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const units = useQuery(commutatorQueries.units(mac));
  const list: AbonentUnit[] = units.data ? Object.values(units.data).sort((a, b) => a.panelCode - b.panelCode) : [];
  return (
    <Box component="section" aria-labelledby="abonent-units-title">
      <Typography id="abonent-units-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('commutators.units.title')}
      </Typography>
      {units.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : units.isError ? (
        <Alert severity="error">{t('commutators.units.error', { error: errorMessage(units.error) })}</Alert>
      ) : list.length === 0 ? (
        <Typography color="text.secondary">{t('commutators.units.empty')}</Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: { lg: '70vh' }, overflowY: 'auto' }}>
          {list.map((unit) => {
            const level = unit.lineLevel?.level ?? null;
            const dead = level !== null && level < DEAD_LINE_LEVEL;
            const selected = highlightFlat === unit.panelCode;
            return (
              <li key={unit.panelCode}>
                <ButtonBase
                  onClick={() => onHighlight(selected ? null : unit.panelCode)}
                  aria-pressed={selected}
                  sx={{
                    width: '100%',
                    justifyContent: 'flex-start',
                    textAlign: 'left',
                    p: 1,
                    border: 1,
                    borderRadius: 1,
                    borderColor: selected ? 'secondary.main' : 'divider',
                    bgcolor: selected ? 'action.selected' : undefined,
                  }}
                >
                  <Box sx={{ flex: 1 }}>
                    <Typography variant="body2">
                      <strong>{t('commutators.units.code', { code: unit.panelCode })}</strong> · {t(HANDSET_LABELS[unit.type] ?? 'commutators.units.type.other', { type: unit.type })}
                    </Typography>
                    <Typography variant="body2" color={dead ? 'error' : 'text.secondary'}>
                      {level === null
                        ? t('commutators.units.notMeasured')
                        : t(dead ? 'commutators.units.dead' : 'commutators.units.level', {
                            level,
                            time: unit.lineLevel?.lastChange ? dateTime(unit.lineLevel.lastChange) : '—',
                          })}
                    </Typography>
                  </Box>
                </ButtonBase>
              </li>
            );
          })}
        </Stack>
      )}
    </Box>
  );
});
