import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useParams } from 'react-router-dom';
import type { FlatDataResponse } from '@contract/flats';
import { PERMISSIONS, ROLES } from '@contract/users';
import { notify } from '@/components/notifications/notify';
import { useSectionMutation } from '@/components/use-section-mutation';
import { placeFieldErrors, type FieldReason } from '@/lib/field-errors';
import { HttpError } from '@/lib/http';
import { hasPermission, hasRole, useSession, type AuthItemMap } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import type { FlatRef } from './api';
import { parseFlatRoute } from './flat-route';
import { flatCardQueries } from './queries';


/**
 * The server's rule for flat writes (FLAT_EDITORS: the role management or HOUSES_LIST_PERMISSION; the
 * superuser passes everything): the client only hides what it would refuse, so support reads only.
 */
export function canEditFlat(access: { roles: AuthItemMap; permissions: AuthItemMap }): boolean {
  return hasRole(access.roles, ROLES.superuser) || hasRole(access.roles, ROLES.management) || hasPermission(access.permissions, PERMISSIONS.housesList);
}

/** The page's logic: which flat, its data, and whether this person may change it now. */
export function useFlatCard() {
  const params = useParams();
  const ref = parseFlatRoute(params.houseUid, params.flatNum);
  const session = useSession();
  const query = useQuery({ ...flatCardQueries.card(ref ?? { houseUid: '', flatNum: 0 }), enabled: ref !== null });
  const online = useConnectivity().state !== 'offline';
  const canEdit = canEditFlat(session);
  const gone = query.error instanceof HttpError && (query.error.status === 403 || query.error.status === 404);
  return { ref, query, canEdit, readOnlyKnown: session.ready, online, gone };
}

export interface FlatContextValue {
  flat: FlatRef;
  data: FlatDataResponse;
  /** Controls that change the flat are shown. */
  canEdit: boolean;
  /** …and usable now: false while offline (typed input stays). */
  canWrite: boolean;
}

export const FlatContext = createContext<FlatContextValue | null>(null);

export function useFlat(): FlatContextValue {
  const value = useContext(FlatContext);
  if (!value) throw new Error('useFlat outside the flat card');
  return value;
}

interface FlatMutation<Vars, Answer> {
  /** The server call; it throws unless the server answered result: true. */
  send: (vars: Vars) => Promise<Answer>;
  /** The local change of the cached card, applied only after that. */
  apply?: (data: FlatDataResponse, vars: Vars, answer: Answer) => FlatDataResponse;
  /** The success toast; none when it answers null. */
  done?: (vars: Vars, answer: Answer) => string | null;
  onDone?: (vars: Vars, answer: Answer) => void | Promise<void>;
  /** A 400 naming a field: shown at that field when `fieldOf` knows it. */
  fieldOf?: (path: string) => string | null;
  onFieldError?: (field: string, reason: FieldReason) => void;
}

/**
 * One write of the flat card. On success the cached card changes with `apply`; on failure nothing
 * changes and forms keep what was typed; the server's message is kept as `error` (shown in the
 * section) and toasted.
 */
export function useFlatMutation<Vars, Answer>({ send, apply, done, onDone, fieldOf, onFieldError }: FlatMutation<Vars, Answer>) {
  const { flat } = useFlat();
  const client = useQueryClient();
  return useSectionMutation({
    send,
    onSuccess: async (answer: Answer, vars: Vars) => {
      if (apply) client.setQueryData(flatCardQueries.card(flat).queryKey, (data) => (data ? apply(data, vars, answer) : data));
      const text = done?.(vars, answer);
      if (text) notify(text, { variant: 'success' });
      await onDone?.(vars, answer);
    },
    banner: (failure) => placeFieldErrors(failure, (path) => fieldOf?.(path) ?? null, (field, reason) => onFieldError?.(field, reason)),
  });
}
