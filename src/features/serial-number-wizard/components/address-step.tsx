import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { COMMUTATOR_SIZES } from '@contract/commutators';
import { useT } from '@/features/serial-number-wizard/messages';
import type { HouseChoice } from '../use-wizard-places';
import type { SerialNumberWizard } from '../use-serial-number-wizard';
import { AddressResult } from './address-result';
import { FieldGrid, NativeChoice, Wide, WizardSelect, WizardTextField } from './fields';
import { HousePicker } from './house-picker';
import type { HouseOfflineSlot } from './serial-number-wizard-page';

interface AddressStepProps {
  wizard: SerialNumberWizard;
  houseOffline?: HouseOfflineSlot;
}

export function AddressStep({ wizard, houseOffline: HouseOffline }: AddressStepProps) {
  const t = useT();
  const { places, draft } = wizard;
  const commutatorOptions = COMMUTATOR_SIZES.map((size) => ({
    value: String(size),
    label: size === 0 ? t('serialWizard.field.commutators.none') : String(size),
  }));

  // A draft reopened offline whose house was not taken offline: still show what was chosen.
  const unresolved: HouseChoice | null =
    places.selected === null && draft.house !== ''
      ? { uid: '', address: draft.address, fias: draft.house, savedAt: null, house: { id: '', address: draft.address, region: 0, fias: draft.house } }
      : null;
  const value = places.selected ?? unresolved;
  const options = unresolved ? [...places.houses, unresolved] : places.houses;

  const entranceOptions = [...places.entrances];
  if (draft.entrance !== null && !entranceOptions.some((option) => option.entranceNum === draft.entrance)) {
    entranceOptions.push({ entranceNum: draft.entrance, title: t('serialWizard.entrance.number', { number: draft.entrance }), range: null });
  }
  const chosen = entranceOptions.find((option) => option.entranceNum === draft.entrance) ?? null;
  const entranceError = wizard.shownError('entrance');
  const entranceHelper =
    places.entrancesError ??
    (places.entranceSource === 'snapshot'
      ? t('serialWizard.entrance.fromSnapshot')
      : places.entranceSource === 'none' && value !== null && !places.entrancesLoading
        ? t('serialWizard.entrance.unavailable')
        : chosen?.range
          ? t('serialWizard.entrance.flats', { start: chosen.range.start, end: chosen.range.end })
          : undefined);

  const fillBorders = () => {
    if (!chosen?.range) return;
    wizard.fill({ leftBorder: String(chosen.range.start), rightBorder: String(chosen.range.end) });
  };

  return (
    <Stack spacing={2}>
      {places.housesFromSnapshots && (
        <Alert severity={wizard.online ? 'warning' : 'info'}>
          {wizard.online ? t('serialWizard.house.serverFailed', { message: places.housesError ?? '' }) : t('serialWizard.house.offline')}
        </Alert>
      )}
      <HousePicker
        options={options}
        value={value}
        onChange={(house) => wizard.chooseHouse(house)}
        onSearch={places.setSearch}
        loading={places.housesLoading}
        disabled={!wizard.editable}
        offline={places.housesFromSnapshots}
        error={wizard.shownError('house') ?? wizard.shownError('address')}
        helper={t('serialWizard.field.house.helper')}
      />
      {HouseOffline && places.selected && <HouseOffline house={places.selected.house} />}
      <NativeChoice
        label={t('serialWizard.field.entrance')}
        required
        value={draft.entrance === null ? '' : String(draft.entrance)}
        onChange={(event) => wizard.chooseEntrance(event.target.value === '' ? null : Number(event.target.value))}
        onBlur={wizard.touchEntrance}
        disabled={!wizard.editable || value === null}
        error={entranceError !== undefined || places.entrancesError !== null}
        helperText={entranceError ?? entranceHelper}
        options={entranceOptions.map((option) => ({
          value: String(option.entranceNum),
          label: option.range
            ? t('serialWizard.entrance.option', { title: option.title, start: option.range.start, end: option.range.end })
            : option.title,
        }))}
      >
        <option value="">{places.entrancesLoading ? t('select.loading') : t('serialWizard.field.entrance.placeholder')}</option>
      </NativeChoice>
      <AddressResult result={wizard.addressResult} />
      <FieldGrid>
        <WizardTextField wizard={wizard} name="relayNum" label={t('serialWizard.field.relayNum')} required numeric />
        <WizardSelect wizard={wizard} name="commutators" label={t('serialWizard.field.commutators')} options={commutatorOptions} />
        <WizardTextField wizard={wizard} name="leftBorder" label={t('serialWizard.field.leftBorder')} numeric />
        <WizardTextField wizard={wizard} name="rightBorder" label={t('serialWizard.field.rightBorder')} numeric />
        {chosen?.range && wizard.editable && (
          <Wide>
            <Button onClick={fillBorders} sx={{ minHeight: 44 }}>
              {t('serialWizard.field.borders.fromEntrance', { start: chosen.range.start, end: chosen.range.end })}
            </Button>
          </Wide>
        )}
      </FieldGrid>
    </Stack>
  );
}
