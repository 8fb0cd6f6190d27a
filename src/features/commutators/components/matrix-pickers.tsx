import Stack from '@mui/material/Stack';
import { memo } from 'react';
import { COMMUTATOR_SIZES, matrixSize } from '@contract/commutators';
import { KEY_TYPES } from '@contract/keys';
import { useT } from '../messages';
import { keyTypeOf } from '../model';
import { PlainSelect } from './plain-select';

interface MatrixPickersProps {
  model: number | null;
  size: number;
  /** model → the sizes {rows, columns} it supports (the server's). */
  commutationModels: Record<string, readonly { rows: number; columns: number }[]>;
  disabled: boolean;
  onChange: (model: number | null, size: number) => void;
}

/** The sizes of the model tables (10…220) for the model that the server says it supports (every size when it says nothing). */
export function sizesFor(model: number | null, commutationModels: MatrixPickersProps['commutationModels']): number[] {
  const keyType = keyTypeOf(model);
  if (!keyType) return [];
  const supported = commutationModels[String(model)];
  return COMMUTATOR_SIZES.filter((size) => {
    if (size === 0) return false;
    const dimensions = matrixSize(keyType, size);
    return !supported || supported.length === 0 || supported.some((each) => each.rows === dimensions?.rows && each.columns === dimensions?.columns);
  });
}

/** The model (key type) and size pickers; a change resizes every commutator, keeping the cells that stay. */
export const MatrixPickers = memo(function MatrixPickers({ model, size, commutationModels, disabled, onChange }: MatrixPickersProps) {
  const t = useT();
  const listed = sizesFor(model, commutationModels);
  const sizes = size > 0 && !listed.includes(size) ? [...listed, size].sort((a, b) => a - b) : listed;
  const keyType = keyTypeOf(model);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <PlainSelect label={t('commutators.model')} value={model === null ? '' : String(model)} disabled={disabled} onChange={(value) => onChange(value === '' ? null : Number(value), size)}>
        <option value="">{t('commutators.model.none')}</option>
        {KEY_TYPES.map((type, index) => (
          <option key={type} value={String(index)}>
            {type}
          </option>
        ))}
      </PlainSelect>
      <PlainSelect label={t('commutators.size')} value={String(size)} disabled={disabled || model === null} onChange={(value) => onChange(model, Number(value))}>
        <option value="0">{t('commutators.size.none')}</option>
        {sizes.map((each) => {
          const dimensions = keyType ? matrixSize(keyType, each) : null;
          return (
            <option key={each} value={String(each)}>
              {t('commutators.size.option', { size: each, columns: dimensions?.columns ?? 0, rows: dimensions?.rows ?? 0 })}
            </option>
          );
        })}
      </PlainSelect>
    </Stack>
  );
});
