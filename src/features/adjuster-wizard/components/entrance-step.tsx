import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { array, validate } from 'superstruct';
import { Entrance } from '@contract/entrances';
import { House } from '@contract/houses';
import { useT } from '@/features/adjuster-wizard/messages';
import { useSession } from '@/lib/session';
import { getOfflineDb } from '@/offline/db';
import { listSnapshots } from '@/offline/snapshots';
import { entranceChoices, houseEntrances, type EntranceChoice } from '../api';
import { parsePortNum } from '../model';
import type { AdjusterWizard } from '../use-adjuster-wizard';
import { Field } from './fields';

/** The entrances of a house taken offline (src/offline/snapshots.ts) with this FIAS id. */
function useSnapshotEntrances(userId: number | null, fiasId: string | null): EntranceChoice[] | null | undefined {
  return useLiveQuery(async () => {
    if (userId === null || !fiasId) return null;
    for (const row of await listSnapshots(getOfflineDb(), userId)) {
      const [houseFailure, house] = validate(row.house, House);
      if (houseFailure || house.fias?.toLowerCase() !== fiasId.toLowerCase()) continue;
      const [failure, entrances] = validate(row.entrances, array(Entrance));
      if (!failure) return entranceChoices(entrances);
    }
    return null;
  }, [userId, fiasId]);
}

/** The entrance: one large button per entrance of the house, or its number typed. */
export function EntranceStep({ wizard }: { wizard: AdjusterWizard }) {
  const t = useT();
  const { draft } = wizard;
  const session = useSession();
  const query = useQuery({
    queryKey: ['adjuster-wizard', 'entrances', draft.fiasId],
    queryFn: ({ signal }) => houseEntrances(draft.fiasId ?? '', signal),
    enabled: wizard.online && draft.fiasId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const snapshot = useSnapshotEntrances(session.userId, draft.fiasId);
  const fromServer = query.data?.entrances;
  const choices = fromServer && fromServer.length > 0 ? fromServer : (snapshot ?? []);
  const usingSnapshot = !(fromServer && fromServer.length > 0) && choices.length > 0;

  if (!draft.fiasId) return <Alert severity="warning">{t('adjusterWizard.need.address')}</Alert>;

  return (
    <Box>
      {draft.address && (
        <Typography variant="body1" sx={{ mb: 2 }}>
          {t('adjusterWizard.entrance.address', { address: draft.address })}
        </Typography>
      )}
      {query.isFetching && (
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
          <CircularProgress size={16} /> {t('adjusterWizard.entrance.loading')}
        </Typography>
      )}
      {/* The billing's address is a house this user may not see (another buyer's): binding it would be refused. */}
      {query.data === null && choices.length === 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('adjusterWizard.entrance.notYours')}
        </Alert>
      )}
      {usingSnapshot && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('adjusterWizard.entrance.fromSnapshot')}
        </Typography>
      )}
      {choices.length > 0 ? (
        <Box role="group" aria-label={t('adjusterWizard.field.entrance')} sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
          {choices.map((choice) => {
            const chosen = draft.entranceNum === choice.entranceNum;
            return (
              <Button
                key={choice.entranceNum}
                variant={chosen ? 'contained' : 'outlined'}
                aria-pressed={chosen}
                onClick={() => wizard.chooseEntrance(choice.entranceNum)}
                sx={{ minHeight: 56, flexDirection: 'column', lineHeight: 1.2 }}
              >
                {t('adjusterWizard.entrance.choose', { entrance: choice.entranceNum })}
                {choice.title && choice.title !== String(choice.entranceNum) && choice.title !== t('adjusterWizard.entrance.choose', { entrance: choice.entranceNum }) && (
                  <Typography component="span" variant="caption" sx={{ textTransform: 'none' }}>
                    {choice.title}
                  </Typography>
                )}
              </Button>
            );
          })}
        </Box>
      ) : (
        <>
          {!wizard.online && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('adjusterWizard.entrance.offline')}
            </Alert>
          )}
          <Box sx={{ maxWidth: 240 }}>
            <Field
              label={t('adjusterWizard.field.entrance')}
              value={draft.entranceNum === null ? '' : String(draft.entranceNum)}
              onChange={(value) => wizard.chooseEntrance(parsePortNum(value))}
              error={wizard.stepChecked('entrance') && draft.entranceNum === null ? t('adjusterWizard.need.entrance') : undefined}
              inputMode="numeric"
              required
            />
          </Box>
        </>
      )}
    </Box>
  );
}
