import { useCallback } from 'react';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import type { FieldReason } from '@/lib/field-errors';
import { useT } from '../messages';
import { PASSWORD_MIN, type CreateProblem, type MainInfoProblem, type SipProblem } from '../model';

export type Problem = CreateProblem | MainInfoProblem | SipProblem | FieldReason;

/** A form's own check or the server's refusal of a field, in words. */
export function useProblemText(): (problem: Problem) => string {
  const t = useT();
  const reasonText = useFieldReasonText();
  return useCallback(
    (problem: Problem) => {
      if (typeof problem !== 'string') return reasonText(problem);
      switch (problem) {
        case 'loginRequired':
          return t('users.check.loginRequired');
        case 'passwordShort':
          return t('users.check.passwordShort', { min: PASSWORD_MIN });
        case 'buyerNumber':
          return t('users.check.buyerNumber');
        case 'required':
          return t('users.check.required');
        case 'port':
          return t('users.check.port');
      }
    },
    [t, reasonText],
  );
}
