import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { RELAY_STATUS } from '@contract/devices';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/device-card/messages';
import { getRelays, setRelays } from '../api';
import { applyRelays, nextRelayId, relayFormRows, type DeviceCard, type RelayFormRow } from '../model';
import { deviceCardQueries } from '../queries';
import { useCardUpdate } from '../use-card-update';
import { FormActions, FormSelect, type SelectChoice } from './fields';

interface RelayForm {
  relays: RelayFormRow[];
}

const RELAY_ENTRANCE_PATH = /^relays\.(\d+)\.entrance$/;

/** The server names a relay's entrance by its place in the list, as the form does. */
function relayFieldOf(path: string): `relays.${number}.entrance` | null {
  const match = RELAY_ENTRANCE_PATH.exec(path);
  return match ? `relays.${Number(match[1])}.entrance` : null;
}

/** Relays and the entrances they open; an entrance is one of the device's houses' entrances. */
export function RelaysSection({ card, canEdit }: { card: DeviceCard; canEdit: boolean }) {
  const t = useT();
  const mac = card.device.mac;
  const entrances = useQuery({ ...deviceCardQueries.entrances(card.device.houses), enabled: canEdit && card.device.houses.length > 0 });
  const form = useForm<RelayForm>({ values: { relays: relayFormRows(card.device) } });
  const rows = useFieldArray({ control: form.control, name: 'relays', keyName: 'key' });
  const reasonText = useFieldReasonText();
  const update = useCardUpdate({
    form: { setError: form.setError, fieldOf: relayFieldOf, reasonText },
    mac,
    send: async (relays: RelayFormRow[]) => {
      const answer = await setRelays(mac, relays);
      // The titles and addresses of the rows come with GET …/relays.
      return { answer, rows: await getRelays(mac) };
    },
    apply: (old, relays, { answer, rows }) =>
      applyRelays(old, answer.data ?? relays.map((relay) => ({ id: relay.id, entrance: relay.entrance, statusCode: RELAY_STATUS.active })), rows),
    done: t('card.relays.saved'),
  });

  // Entrances listed under their house: what is bound now (from the card) and every entrance of the houses (from the server).
  const known = new Map<string, SelectChoice>();
  for (const row of card.entrances) if (row.entrance) known.set(row.entrance, { value: row.entrance, label: row.entranceTitle, group: row.houseAddress });
  const addressOf = new Map(card.houses.map((house) => [house.id, house.address]));
  for (const entrance of entrances.data ?? []) known.set(entrance.id, { value: entrance.id, label: entrance.title, group: addressOf.get(entrance.houseUid) ?? entrance.houseUid });
  const choices = [...known.values()];
  const statusOf = new Map(card.device.relays.map((relay) => [relay.id, relay.statusCode]));
  const chosen = useWatch({ control: form.control, name: 'relays' });

  return (
    <PageSection title={t('card.relays')} error={update.error}>
      <form onSubmit={form.handleSubmit((values) => update.run(values.relays))} noValidate>
        {rows.fields.length === 0 && <Typography color="text.secondary">{t('card.relays.none')}</Typography>}
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {rows.fields.map((row, index) => {
            const status = statusOf.get(row.id);
            return (
              <Box
                key={row.key}
                sx={{ display: 'grid', gap: 1, alignItems: 'start', gridTemplateColumns: canEdit ? { xs: '1fr auto', sm: '120px 1fr auto' } : { xs: '1fr', sm: '120px 1fr' } }}
              >
                <Box sx={{ display: 'flex', flexDirection: { xs: 'row', sm: 'column' }, gap: 1, alignItems: { xs: 'center', sm: 'flex-start' }, pt: { sm: 1 } }}>
                  <Typography sx={{ fontWeight: 600 }}>{t('card.relay', { id: row.id })}</Typography>
                  {status !== undefined && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={status === RELAY_STATUS.active ? 'success' : 'default'}
                      label={status === RELAY_STATUS.active ? t('card.relay.active') : t('card.relay.inactive')}
                    />
                  )}
                </Box>
                {canEdit && (
                  <IconButton
                    aria-label={t('card.relay.remove', { id: row.id })}
                    onClick={() => rows.remove(index)}
                    disabled={update.pending}
                    sx={{ gridColumn: { xs: 2, sm: 3 }, gridRow: 1, width: 44, height: 44 }}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                )}
                <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 2 }, gridRow: { sm: 1 } }}>
                  <FormSelect
                    control={form.control}
                    name={`relays.${index}.entrance`}
                    label={t('card.relay.entrance', { id: row.id })}
                    choices={choices}
                    emptyLabel={t('card.relay.noEntrance')}
                    readOnly={!canEdit}
                    disabled={update.pending}
                    // The house's full address under the select, wrapped: a phone cuts the select's own text.
                    helperText={known.get(chosen[index]?.entrance ?? '')?.group}
                  />
                </Box>
              </Box>
            );
          })}
        </Box>
        {canEdit && card.device.houses.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('card.relay.needsHouse')}
          </Typography>
        )}
        <FormActions canEdit={canEdit} dirty={form.formState.isDirty} saving={update.pending} onCancel={() => form.reset()}>
          <Button
            startIcon={<AddIcon />}
            onClick={() => rows.append({ id: nextRelayId(form.getValues('relays')), entrance: '' })}
            disabled={update.pending}
            sx={{ minHeight: 44 }}
          >
            {t('card.relay.add')}
          </Button>
        </FormActions>
      </form>
    </PageSection>
  );
}
