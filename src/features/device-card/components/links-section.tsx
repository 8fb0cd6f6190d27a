import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Group } from '@contract/groups';
import type { House } from '@contract/houses';
import { PageSection } from '@/components/page-section';
import { ChosenHouseChips } from '@/components/house-typeahead/chosen-house-chips';
import { HouseTypeahead } from '@/components/house-typeahead/house-typeahead';
import { useT } from '@/features/device-card/messages';
import { setGroups, setHouses } from '../api';
import { applyGroups, applyHouses, type DeviceCard } from '../model';
import { deviceCardQueries } from '../queries';
import { useCardUpdate } from '../use-card-update';
import { WRAPPING_CHIP } from './section';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';

interface PickerProps<T> {
  label: string;
  chosen: T[];
  choices: T[];
  loading: boolean;
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  onChange: (items: T[]) => void;
  disabled: boolean;
}

function MultiPicker<T>({ label, chosen, choices, loading, keyOf, labelOf, onChange, disabled }: PickerProps<T>) {
  const t = useT();
  // The chosen items first, so one the choice list lacks (another page, another buyer) stays shown.
  const all = [...chosen, ...choices.filter((item) => !chosen.some((picked) => keyOf(picked) === keyOf(item)))];
  return (
    <Autocomplete
      multiple
      options={all}
      value={chosen}
      loading={loading}
      disabled={disabled}
      filterSelectedOptions
      getOptionLabel={labelOf}
      getOptionKey={keyOf}
      isOptionEqualToValue={(option, value) => keyOf(option) === keyOf(value)}
      onChange={(_event, items) => onChange(items)}
      noOptionsText={t('card.notSet')}
      slotProps={{ chip: { sx: WRAPPING_CHIP } }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

function sameKeys<T>(a: readonly T[], b: readonly T[], keyOf: (item: T) => string): boolean {
  return a.length === b.length && a.every((item, index) => keyOf(item) === keyOf(b[index]));
}

function ChipList<T>({ items, keyOf, labelOf, empty }: { items: T[]; keyOf: (item: T) => string; labelOf: (item: T) => string; empty: string }) {
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {items.map((item) => (
        <Chip key={keyOf(item)} label={labelOf(item)} sx={WRAPPING_CHIP} />
      ))}
    </Box>
  );
}

const groupKey = (group: Group) => String(group.groupId);
const houseKey = (house: House) => house.id;
const houseLabel = (house: House) => house.address;

interface LinkSectionProps<T> {
  card: DeviceCard;
  canEdit: boolean;
  title: string;
  fieldLabel: string;
  empty: string;
  current: T[];
  choices: { data?: T[]; isPending: boolean };
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  send: (items: T[]) => Promise<unknown>;
  apply: (card: DeviceCard, items: T[]) => DeviceCard;
  /** A picker of its own instead of the drop-down over `choices` (houses: a search among tens of thousands). */
  picker?: (props: { chosen: T[]; onChange: (items: T[]) => void; disabled: boolean }) => ReactNode;
}

/** A list the device is linked to (groups, houses): picked, then saved in one call. */
function LinkSection<T>({ card, canEdit, title, fieldLabel, empty, current, choices, keyOf, labelOf, send, apply, picker }: LinkSectionProps<T>) {
  const [draft, setDraft] = useState<T[] | null>(null);
  const update = useCardUpdate({ mac: card.device.mac, send, apply: (old, items: T[]) => apply(old, items), onSaved: () => setDraft(null) });
  const chosen = draft ?? current;
  const dirty = draft !== null && !sameKeys(draft, current, keyOf);
  useUnsavedChangesGuard(canEdit && dirty);
  return (
    <PageSection title={title} error={update.error}>
      {canEdit ? (
        <>
          {picker ? (
            picker({ chosen, onChange: setDraft, disabled: update.pending })
          ) : (
            <MultiPicker
              label={fieldLabel}
              chosen={chosen}
              choices={choices.data ?? []}
              loading={choices.isPending}
              keyOf={keyOf}
              labelOf={labelOf}
              onChange={setDraft}
              disabled={update.pending}
            />
          )}
          {current.length === 0 && draft === null && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {empty}
            </Typography>
          )}
          <SaveRow dirty={dirty} pending={update.pending} onSave={() => void update.run(chosen)} onCancel={() => setDraft(null)} />
        </>
      ) : (
        <ChipList items={current} keyOf={keyOf} labelOf={labelOf} empty={empty} />
      )}
    </PageSection>
  );
}

export function GroupsSection({ card, canEdit }: { card: DeviceCard; canEdit: boolean }) {
  const t = useT();
  const mac = card.device.mac;
  const choices = useQuery({ ...deviceCardQueries.groupChoices(card.device.buyerId), enabled: canEdit });
  // A nested group reads with its parents ("Обслуживание › Лифты"); one the choices lack, by its name.
  const paths = new Map(choices.data?.map((choice) => [choice.groupId, choice.path]));
  const groupLabel = (group: Group) => paths.get(group.groupId) ?? group.name;
  return (
    <LinkSection
      card={card}
      canEdit={canEdit}
      title={t('card.groups')}
      fieldLabel={t('card.groups.field')}
      empty={t('card.groups.none')}
      current={card.groups}
      choices={choices}
      keyOf={groupKey}
      labelOf={groupLabel}
      send={(groups) => setGroups(mac, groups.map((group) => group.groupId))}
      apply={(old, groups) => applyGroups(old, groups.map((group) => group.groupId), groups)}
    />
  );
}

/** The device's houses as chips, and the shared typeahead to add one (the address searched on the server). */
function HousesPicker({ chosen, onChange, disabled }: { chosen: House[]; onChange: (houses: House[]) => void; disabled: boolean }) {
  const t = useT();
  const uids = new Set(chosen.map(houseKey));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <ChosenHouseChips houses={chosen} disabled={disabled} onRemove={(uid) => onChange(chosen.filter((house) => house.id !== uid))} />
      <HouseTypeahead
        label={t('card.houses.field')}
        chosen={uids}
        disabled={disabled}
        onPick={(hit) => {
          if (hit.house && !uids.has(hit.id)) onChange([...chosen, hit.house]);
        }}
      />
    </Box>
  );
}

const NO_CHOICES = { data: [] as House[], isPending: false };

export function HousesSection({ card, canEdit }: { card: DeviceCard; canEdit: boolean }) {
  const t = useT();
  const mac = card.device.mac;
  return (
    <LinkSection
      card={card}
      canEdit={canEdit}
      title={t('card.houses')}
      fieldLabel={t('card.houses.field')}
      empty={t('card.houses.none')}
      current={card.houses}
      choices={NO_CHOICES}
      keyOf={houseKey}
      labelOf={houseLabel}
      send={(houses) => setHouses(mac, houses.map((house) => house.id))}
      apply={(old, houses) => applyHouses(old, houses.map((house) => house.id), houses)}
      picker={(props) => <HousesPicker {...props} />}
    />
  );
}

function SaveRow({ dirty, pending, onSave, onCancel }: { dirty: boolean; pending: boolean; onSave: () => void; onCancel: () => void }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
      <Button variant="contained" disabled={!dirty || pending} onClick={onSave} sx={{ minHeight: 44 }}>
        {pending ? t('card.saving') : t('card.save')}
      </Button>
      <Button disabled={!dirty || pending} onClick={onCancel} sx={{ minHeight: 44 }}>
        {t('card.cancel')}
      </Button>
    </Box>
  );
}
