import { useCallback } from 'react';
import type { FieldReason } from '@/lib/field-errors';
import { useT } from './messages';

/** A refusal in words («введите целое число от 1 до 999»); a reason the app does not know, as the server wrote it. */
export function useFieldReasonText(): (reason: FieldReason) => string {
  const t = useT();
  return useCallback(
    (reason: FieldReason) => {
      switch (reason.kind) {
        case 'required':
          return t('fieldReason.required');
        case 'integer':
          return t('fieldReason.integer');
        case 'number':
          return t('fieldReason.number');
        case 'range':
          return t('fieldReason.range', { min: reason.min, max: reason.max });
        case 'maxLength':
          return t('fieldReason.maxLength', { max: reason.max });
        case 'oneOf':
          return t('fieldReason.oneOf', { values: reason.values });
        case 'other':
          return reason.text;
      }
    },
    [t],
  );
}
