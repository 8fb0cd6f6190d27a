import { useMemo } from 'react';
import { HouseTypeahead } from '@/components/house-typeahead/house-typeahead';
import type { HouseHit } from '@/components/house-typeahead/model';
import { useT } from '@/features/serial-number-wizard/messages';
import { pickedHouse } from '../model';
import type { HouseChoice } from '../use-wizard-places';

interface HousePickerProps {
  /** Houses at hand: the first pages, a look-up of a pasted FIAS id, the houses taken offline. */
  options: readonly HouseChoice[];
  value: HouseChoice | null;
  onChange: (house: HouseChoice | null) => void;
  onSearch: (text: string) => void;
  loading: boolean;
  disabled: boolean;
  /** The wizard reads houses from snapshots only: the typeahead then searches nothing else. */
  offline: boolean;
  error?: string;
  helper?: string;
}

function hitOfChoice(choice: HouseChoice): HouseHit {
  return { id: choice.uid, address: choice.address, fias: choice.fias, savedAt: choice.savedAt, house: choice.house };
}

/**
 * The wizard's house: the shared typeahead searches the address on the server from three
 * characters, and the houses taken offline without a network. A house without a FIAS id is listed
 * but cannot be chosen (the wizard sends it as `fias`).
 */
export function HousePicker({ options, value, onChange, onSearch, loading, disabled, offline, error, helper }: HousePickerProps) {
  const t = useT();
  const local = useMemo(() => options.filter((option) => option.uid !== '').map(hitOfChoice), [options]);
  return (
    <HouseTypeahead
      label={t('serialWizard.field.house')}
      required
      value={value?.address ?? null}
      onPick={(hit) => {
        if (!hit.house) return;
        onChange({ ...pickedHouse(hit.house), house: hit.house, savedAt: hit.savedAt });
      }}
      onClear={() => onChange(null)}
      unavailable={(hit) => (hit.fias?.trim() ? null : t('serialWizard.house.noFias'))}
      local={local}
      localOnly={offline}
      onType={onSearch}
      loading={loading}
      disabled={disabled}
      error={error}
      helper={helper}
    />
  );
}
