import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { UserListRow } from '@contract/users';
import { addFlatUser, getFlatUsers, removeFlatUser } from './api';
import { useT } from './messages';
import { flatCardQueries } from './queries';
import { useFlat, useFlatMutation } from './use-flat-card';

export const MIN_LOGIN_SEARCH = 2;
const SEARCH_DELAY_MS = 250;

/** The value after it stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Residents: search users by login and add one (the list is reloaded), remove one (applied locally). */
export function useFlatUsers() {
  const t = useT();
  const { flat, data } = useFlat();
  const [input, setInput] = useState('');
  const login = useDebounced(input.trim(), SEARCH_DELAY_MS);
  const search = useQuery({ ...flatCardQueries.userSearch(login), enabled: login.length >= MIN_LOGIN_SEARCH });
  const present = new Set(data.users.map((user) => user.id));

  const add = useFlatMutation({
    send: async (user: UserListRow) => {
      await addFlatUser(flat, user.userId);
      return getFlatUsers(flat);
    },
    apply: (current, _user, users) => ({ ...current, users, flat: { ...current.flat, users } }),
    done: (user) => t('flat.users.added', { login: user.login }),
    onDone: () => setInput(''),
  });
  const remove = useFlatMutation({
    send: (user: { id: number; login: string }) => removeFlatUser(flat, user.id),
    apply: (current, user) => {
      const users = current.users.filter((entry) => entry.id !== user.id);
      return { ...current, users, flat: { ...current.flat, users: current.flat.users.filter((entry) => entry.id !== user.id) } };
    },
    done: (user) => t('flat.users.removed', { login: user.login }),
  });

  return {
    users: data.users,
    input,
    setInput,
    searching: login.length >= MIN_LOGIN_SEARCH && search.isFetching,
    options: login.length >= MIN_LOGIN_SEARCH ? (search.data ?? []) : [],
    searchError: search.error,
    isPresent: (userId: number) => present.has(userId),
    add,
    remove,
  };
}
