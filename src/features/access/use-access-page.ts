import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FieldReason } from '@/lib/field-errors';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import type { Translate } from './messages';
import { TAB_PARAM, canWriteAccess, pickTab, type AccessTab } from './model';

/** What both tabs need: which tab (kept in `?tab=`), whether the user may write, and whether the server answers. */
export function useAccessPage() {
  const [params, setParams] = useSearchParams();
  const tab = pickTab(params.get(TAB_PARAM));
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const setTab = useCallback(
    (next: AccessTab) =>
      setParams((current) => {
        const search = new URLSearchParams(current);
        if (next === 'blocks') search.delete(TAB_PARAM);
        else search.set(TAB_PARAM, next);
        return search;
      }),
    [setParams],
  );
  return { tab, setTab, canWrite: canWriteAccess(session), online };
}

/** A refused field's reason (lib/field-errors) in the screen's words. */
export function reasonText(t: Translate, reason: FieldReason): string {
  switch (reason.kind) {
    case 'required':
      return t('access.check.required');
    case 'integer':
      return t('access.check.integer');
    case 'number':
      return t('access.check.number');
    case 'range':
      return t('access.check.range', { min: reason.min, max: reason.max });
    case 'maxLength':
      return t('access.check.maxLength', { max: reason.max });
    case 'oneOf':
      return t('access.check.oneOf', { values: reason.values });
    case 'other':
      return reason.text;
  }
}
