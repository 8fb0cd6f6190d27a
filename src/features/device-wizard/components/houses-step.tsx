import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/device-wizard/messages';
import { matchHouses } from '../model';
import type { DeviceWizard } from '../use-device-wizard';
import type { HouseChoice } from '../use-wizard-houses';
import type { HouseOfflineSlot } from './device-wizard-page';
import { TextInput } from './fields';

/** A phone screen shows about this many; the rest are a few more letters away. */
const MAX_SHOWN = 30;

function SavedMark({ choice }: { choice: HouseChoice | undefined }) {
  const t = useT();
  if (!choice || choice.savedAt === null) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main', fontSize: '0.8rem' }}>
      <OfflinePinOutlined sx={{ fontSize: 16 }} aria-hidden />
      {t('deviceWizard.houses.saved')}
    </Box>
  );
}

/** Step 2: the houses the device serves (spec §3 `houses`: house uids), chosen from a searchable list. */
export function HousesStep({ wizard, houseOffline: HouseOffline }: { wizard: DeviceWizard; houseOffline?: HouseOfflineSlot }) {
  const t = useT();
  const { draft, houses } = wizard;
  const disabled = !wizard.editable;
  const chosen = new Set(draft.houses);
  const candidates = matchHouses(
    houses.houses.map((choice) => ({ ...choice, id: choice.house.id, address: choice.house.address, fias: choice.house.fias ?? null })),
    houses.search,
  ).filter((choice) => !chosen.has(choice.id));
  const shown = candidates.slice(0, MAX_SHOWN);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
      <Box component="section" aria-label={t('deviceWizard.houses.chosen')}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('deviceWizard.houses.chosen')}
        </Typography>
        {draft.houses.length === 0 ? (
          <Typography color="text.secondary">{t('deviceWizard.houses.none')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {draft.houses.map((uid) => {
              const address = wizard.addressOf(uid);
              const choice = houses.houseOf(uid);
              return (
                <Box
                  component="li"
                  key={uid}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, border: 1, borderColor: 'primary.light', borderRadius: 2, pl: 1.5, minHeight: 52 }}
                >
                  <Box sx={{ flex: 1, minWidth: 0, py: 0.75 }}>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{address}</Typography>
                    {HouseOffline && choice ? <HouseOffline house={choice.house} /> : <SavedMark choice={choice} />}
                  </Box>
                  <IconButton
                    aria-label={t('deviceWizard.houses.remove', { address })}
                    disabled={disabled}
                    onClick={() => wizard.setHouses(draft.houses.filter((other) => other !== uid))}
                    sx={{ width: 48, height: 48 }}
                  >
                    <Close />
                  </IconButton>
                </Box>
              );
            })}
          </Box>
        )}
      </Box>

      <Box component="section" aria-label={t('deviceWizard.houses.results')}>
        {houses.fromSnapshots && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {houses.error ? t('deviceWizard.houses.error', { error: houses.error }) : t('deviceWizard.houses.offline')}
          </Alert>
        )}
        <TextInput
          label={t('deviceWizard.field.houseSearch')}
          helper={t('deviceWizard.field.houseSearch.helper')}
          value={houses.search}
          onChange={houses.setSearch}
          disabled={disabled}
        />
        <Box component="ul" aria-label={t('deviceWizard.houses.results')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 0.5 }}>
          {shown.map((choice) => (
            <li key={choice.id}>
              <ButtonBase
                disabled={disabled}
                aria-label={t('deviceWizard.houses.add', { address: choice.address })}
                onClick={() => {
                  wizard.setHouses([...draft.houses, choice.id]);
                  houses.setSearch('');
                }}
                sx={{
                  width: '100%',
                  minHeight: 52,
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  gap: 1.5,
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <Add color="primary" aria-hidden />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{choice.address}</Typography>
                  <SavedMark choice={choice} />
                </Box>
              </ButtonBase>
            </li>
          ))}
        </Box>
        {houses.loading && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <CircularProgress size={18} />
            <Typography color="text.secondary">{t('deviceWizard.houses.loading')}</Typography>
          </Box>
        )}
        {!houses.loading && shown.length === 0 && <Typography sx={{ mt: 1 }} color="text.secondary">{t('deviceWizard.houses.empty')}</Typography>}
        {candidates.length > shown.length && (
          <Typography sx={{ mt: 1 }} variant="body2" color="text.secondary">
            {t('deviceWizard.houses.more', { count: shown.length })}
          </Typography>
        )}
        {houses.fromSnapshots && (
          <Typography sx={{ mt: 1 }} variant="body2" color="text.secondary">
            {t('deviceWizard.houses.offlineHint')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
