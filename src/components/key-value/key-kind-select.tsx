import { CARD_TYPES, KEY_TYPES } from '@contract/keys';
import { OutlinedSelect } from '@/components/outlined-field';
import { useT } from './messages';
import { KEY_KINDS, type KeyKind } from './model';

interface KeyKindSelectProps {
  value: KeyKind | '';
  onChange: (kind: KeyKind) => void;
  /** The types offered (a device's own); every type when left out. */
  kinds?: readonly KeyKind[];
  error?: string;
  required?: boolean;
}

/** «Тип ключа»: the key systems, then the card types, each under its heading (a native select: the routes stay light). */
export function KeyKindSelect({ value, onChange, kinds = KEY_KINDS, error, required }: KeyKindSelectProps) {
  const t = useT();
  const groups = [
    { label: t('keyValue.kind.keys'), kinds: KEY_TYPES.filter((kind) => kinds.includes(kind)) },
    { label: t('keyValue.kind.cards'), kinds: CARD_TYPES.filter((kind) => kinds.includes(kind)) },
  ];
  return (
    <OutlinedSelect label={t('keyValue.kind')} value={value} onChange={(event) => onChange(event.target.value as KeyKind)} error={error} required={required}>
      {groups.map(
        (group) =>
          group.kinds.length > 0 && (
            <optgroup key={group.label} label={group.label}>
              {group.kinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </optgroup>
          ),
      )}
    </OutlinedSelect>
  );
}
