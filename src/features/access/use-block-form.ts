import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { House } from '@contract/houses';
import { placeFieldErrors } from '@/lib/field-errors';
import { useT, type Translate } from './messages';
import { EMPTY_BLOCK_FORM, blockReason, parseFlatList, type BlockFormValues, type FlatListProblem } from './model';
import { accessQueries } from './queries';
import { reasonText } from './use-access-page';
import type { StatusRequest } from './use-blocked-flats';


interface BlockFormOptions {
  /** What was typed when the dialog last closed. */
  draft: BlockFormValues;
  keep: (values: BlockFormValues) => void;
  send: (request: StatusRequest) => Promise<unknown>;
  close: () => void;
}
export const REASON_MAX = 500;
/** Fewer letters match too many houses to be worth a request. */
export const HOUSE_SEARCH_MIN = 2;
const SEARCH_DELAY_MS = 300;

export function flatListProblemText(t: Translate, problem: FlatListProblem): string {
  switch (problem.kind) {
    case 'empty':
      return t('access.block.flats.empty');
    case 'notNumber':
      return t('access.block.flats.notNumber', { token: problem.token });
    case 'reversed':
      return t('access.block.flats.reversed', { token: problem.token });
    case 'tooMany':
      return t('access.block.flats.tooMany', { count: problem.count, max: problem.max });
  }
}

/** Houses whose address holds what was typed, asked for once typing pauses. */
export function useHouseSearch(text: string) {
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const enabled = term.length >= HOUSE_SEARCH_MIN;
  const query = useQuery({ ...accessQueries.houses(term), enabled });
  return {
    houses: enabled ? (query.data ?? []) : [],
    loading: enabled && query.isFetching,
    tooShort: text.trim().length < HOUSE_SEARCH_MIN,
  };
}

/**
 * The «Заблокировать квартиры» dialog's logic: a house, flats as typed («1-20, 35, 41») and a
 * reason. What was typed outlives the dialog (`keep` hands it to the screen when the dialog
 * closes, so closing it or losing the network loses nothing); a successful call empties it.
 */
export function useBlockForm({ draft, keep, send, close }: BlockFormOptions) {
  const t = useT();
  const form = useForm<BlockFormValues>({ defaultValues: draft, mode: 'onTouched' });
  const [failure, setFailure] = useState<string | null>(null);
  const flatsText = useWatch({ control: form.control, name: 'flats' });
  const parsed = useMemo(() => parseFlatList(flatsText), [flatsText]);
  const reasons = useQuery(accessQueries.catalogue('reasons'));

  const rules = {
    house: { validate: (house: House | null) => house !== null || t('access.block.houseRequired') },
    flats: {
      validate: (text: string) => {
        const { problem } = parseFlatList(text);
        return problem ? flatListProblemText(t, problem) : true;
      },
    },
    reason: { maxLength: { value: REASON_MAX, message: t('access.block.reasonTooLong', { max: REASON_MAX }) } },
  };

  const submit = form.handleSubmit(async (values) => {
    const house = values.house;
    if (!house) return;
    setFailure(null);
    try {
      await send({
        change: 'block',
        flats: parseFlatList(values.flats).flats.map((flatNum) => ({ houseUid: house.id, flatNum })),
        reason: blockReason(values.reason),
        addresses: new Map([[house.id, house.address]]),
      });
      keep(EMPTY_BLOCK_FORM);
      close();
    } catch (error) {
      const banner = placeFieldErrors(
        error,
        (path) => (path === 'reason' ? 'reason' : path.startsWith('flats') ? 'flats' : null),
        (field, reason) => form.setError(field, { type: 'server', message: reasonText(t, reason) }, { shouldFocus: true }),
      );
      setFailure(banner);
    }
  });

  return {
    form,
    rules,
    cancel: () => {
      keep(form.getValues());
      close();
    },
    flatCount: parsed.problem ? null : parsed.flats.length,
    reasonChoices: (reasons.data ?? []).map((reason) => reason.name),
    failure,
    submit,
  };
}

export type BlockForm = ReturnType<typeof useBlockForm>;
