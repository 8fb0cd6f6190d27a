import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Entrance } from '@contract/entrances';
import { useT } from '../messages';
import { useFlat } from '../use-flat-card';
import { useFlatEntrances } from '../use-flat-entrances';
import { EmptyNote, Section } from './section';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';

export function EntrancesSection() {
  const t = useT();
  const { canEdit, canWrite } = useFlat();
  const { entrances, remove } = useFlatEntrances();
  const [removing, setRemoving] = useState<Entrance | null>(null);
  const titleOf = (entrance: Entrance) => entrance.title || t('flat.entrances.number', { num: entrance.entranceNum });
  const typeOf = (type: number) => (type >= 1 && type <= 4 ? t(`flat.entrances.type.${type as 1 | 2 | 3 | 4}`) : t('flat.entrances.type.other', { type }));

  return (
    <Section id="entrances" title={t('flat.section.entrances')} count={entrances.length} error={remove.error}>
      {entrances.length === 0 ? (
        <EmptyNote>{t('flat.entrances.none')}</EmptyNote>
      ) : (
        <Box component="ul" aria-label={t('flat.section.entrances')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entrances.map((entrance) => (
            <Box component="li" key={entrance.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Link component={RouterLink} to={`/entrances/${encodeURIComponent(entrance.id)}`} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {titleOf(entrance)}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {t('flat.entrances.number', { num: entrance.entranceNum })} · {typeOf(entrance.type)} ·{' '}
                  {t('flat.entrances.range', { start: entrance.range.start, end: entrance.range.end })}
                </Typography>
              </Box>
              {canEdit && (
                <IconButton aria-label={t('flat.entrances.remove', { title: titleOf(entrance) })} disabled={!canWrite || remove.pending} onClick={() => setRemoving(entrance)}>
                  <LinkOffIcon />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      <LazyConfirmDialog
        open={removing !== null}
        title={t('flat.entrances.remove.title', { title: removing ? titleOf(removing) : '' })}
        text={t('flat.entrances.remove.text')}
        confirmLabel={t('flat.remove')}
        danger
        busy={remove.pending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void remove.run(removing).then(() => setRemoving(null));
        }}
      />
    </Section>
  );
}
