import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useT } from '@/features/device-wizard/messages';
import { entranceChoices, MAX_RELAYS } from '../model';
import type { DeviceWizard } from '../use-device-wizard';
import { Choice, NumberInput } from './fields';

/** Step 3: each relay and the entrance it opens, from the entrances of the chosen houses. */
export function RelaysStep({ wizard }: { wizard: DeviceWizard }) {
  const t = useT();
  const { draft, state, act, touch, shownError, addressOf } = wizard;
  const disabled = !wizard.editable;
  const choices = entranceChoices(state.entrances, draft.houses, addressOf).map((choice) => ({ value: choice.id, label: choice.label }));
  const problem = wizard.entranceProblem;

  return (
    <Box>
      {draft.houses.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('deviceWizard.relays.noHouses')}
        </Alert>
      ) : wizard.entrancesLoading ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <CircularProgress size={20} />
          <Typography>{t('deviceWizard.relays.loading')}</Typography>
        </Box>
      ) : problem ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            problem.kind === 'error' ? (
              <Button color="inherit" onClick={wizard.retryEntrances}>
                {t('deviceWizard.relays.retry')}
              </Button>
            ) : undefined
          }
        >
          {problem.kind === 'offline'
            ? t('deviceWizard.relays.offlineMissing', { houses: problem.missing.map(addressOf).join('; ') })
            : t('deviceWizard.relays.error', { error: problem.message })}
        </Alert>
      ) : state.isThirdStepLoaded && state.entranceSource ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {state.entranceSource === 'snapshot' ? t('deviceWizard.relays.fromSnapshot') : t('deviceWizard.relays.fromServer')}
        </Typography>
      ) : null}

      {shownError('relays') && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {shownError('relays')}
        </Alert>
      )}

      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {draft.relays.map((relay, index) => (
          <Box
            component="li"
            // Relays are edited in place; their position is their identity while the number is being typed.
            key={index}
            aria-label={t('deviceWizard.field.relay', { n: index + 1 })}
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr 48px', sm: '160px minmax(0, 1fr) 48px' },
              alignItems: 'start',
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
            }}
          >
            <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}>
              <NumberInput
                label={t('deviceWizard.field.relayId')}
                disabled={disabled}
                value={relay.id}
                invalidText={t('deviceWizard.error.number')}
                onChange={(id) => act({ type: 'relay', index, patch: { id: id ?? 0 } })}
                onReadChange={(read) => wizard.setNumberRead(`relays.${index}.id`, read)}
                onBlur={() => touch(`relays.${index}.id`)}
                error={shownError(`relays.${index}.id`)}
              />
            </Box>
            <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
              <Choice
                label={t('deviceWizard.field.entrance')}
                disabled={disabled}
                value={relay.entrance}
                placeholder={t('deviceWizard.field.entrance.none')}
                options={
                  relay.entrance !== '' && !choices.some((choice) => choice.value === relay.entrance)
                    ? [...choices, { value: relay.entrance, label: wizard.entranceTitleOf(relay.entrance) ?? relay.entrance }]
                    : choices
                }
                onChange={(entrance) => act({ type: 'relay', index, patch: { entrance } })}
              />
            </Box>
            <IconButton
              aria-label={t('deviceWizard.relays.remove', { n: index + 1 })}
              disabled={disabled || draft.relays.length <= 1}
              onClick={() => act({ type: 'remove-relay', index })}
              sx={{ width: 48, height: 48, gridColumn: { xs: '2 / 3', sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}
            >
              <DeleteOutline />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button
        startIcon={<Add />}
        size="large"
        variant="outlined"
        disabled={disabled || draft.relays.length >= MAX_RELAYS}
        onClick={() => act({ type: 'add-relay' })}
        sx={{ mt: 2, minHeight: 48 }}
      >
        {t('deviceWizard.relays.add')}
      </Button>
    </Box>
  );
}
