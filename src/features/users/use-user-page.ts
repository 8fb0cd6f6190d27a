import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { UserDetail } from '@contract/users';
import { notify } from '@/components/notifications/notify';
import { useSectionMutation } from '@/components/use-section-mutation';
import { HttpError, errorMessage } from '@/lib/http';
import { useSession, type SessionState } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { deleteUser } from './api';
import { useT } from './messages';
import { canEditUsers, isSuperuser, parseUserId } from './model';
import { userQueries } from './queries';

/** `/users/:userId`: which user, its detail, and whether this person may change it now. */
export function useUserPage() {
  const t = useT();
  const params = useParams();
  const userId = parseUserId(params.userId);
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const online = useConnectivity().state !== 'offline';
  const query = useQuery({ ...userQueries.detail(userId ?? 0), enabled: userId !== null });
  // Another buyer's user is answered 404 like a missing one: the page says the same.
  const notFound = userId === null || (query.error instanceof HttpError && query.error.status === 404);

  const remove = useMutation({
    mutationFn: () => deleteUser(userId ?? 0),
    onSuccess: async () => {
      notify(t('user.deleted', { login: query.data?.login ?? '' }), { variant: 'success' });
      await navigate('/users');
      client.removeQueries({ queryKey: userQueries.detail(userId ?? 0).queryKey });
      await client.invalidateQueries({ queryKey: userQueries.lists() });
    },
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
  });

  const canEdit = canEditUsers(session);
  return { userId, query, notFound, session, canEdit, readOnlyKnown: session.ready, online, remove };
}

export interface UserContextValue {
  userId: number;
  user: UserDetail;
  session: SessionState;
  superuser: boolean;
  /** Controls that change the user are shown. */
  canEdit: boolean;
  /** …and usable now: false while offline (typed input stays). */
  canWrite: boolean;
  /** The caller's own page: the server refuses changing one's own roles or buyer, and deleting oneself. */
  own: boolean;
}

export const UserContext = createContext<UserContextValue | null>(null);

export function userContextValue(userId: number, user: UserDetail, session: SessionState, canEdit: boolean, online: boolean): UserContextValue {
  return { userId, user, session, superuser: isSuperuser(session), canEdit, canWrite: canEdit && online, own: session.userId === userId };
}

export function useUser(): UserContextValue {
  const value = useContext(UserContext);
  if (!value) throw new Error('useUser outside the user page');
  return value;
}

interface UserMutation<Vars> {
  /** The server call; it throws unless the server answered result: true. */
  send: (vars: Vars) => Promise<unknown>;
  /** The success toast. */
  done: (vars: Vars) => string;
  onDone?: (vars: Vars) => void;
  /** Puts a refusal's field errors at their fields; answers what is left for the section's banner. */
  onFailure?: (error: unknown) => string | null;
}

/**
 * One write of the user page. On success the user is read again (a new SIP account's id, a group's
 * giver are the server's) and the toast says so; on failure nothing changes, forms keep what was
 * typed, and the server's message stays in the section.
 */
export function useUserMutation<Vars>({ send, done, onDone, onFailure }: UserMutation<Vars>) {
  const { userId } = useUser();
  const client = useQueryClient();
  return useSectionMutation({
    send,
    onSuccess: async (_answer, vars: Vars) => {
      await client.invalidateQueries({ queryKey: userQueries.detail(userId).queryKey });
      notify(done(vars), { variant: 'success' });
      onDone?.(vars);
    },
    banner: (failure) => (onFailure ? onFailure(failure) : errorMessage(failure)),
  });
}
