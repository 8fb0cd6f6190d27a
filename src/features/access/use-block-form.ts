import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { placeFieldErrors } from '@/lib/field-errors';
import { useT, type Translate } from './messages';
import { EMPTY_BLOCK_FORM, blockReason, parseFlatList, type BlockFormValues, type FlatListProblem } from './model';
import { accessQueries } from './queries';
import type { StatusRequest } from './use-blocked-flats';


interface BlockFormOptions {
  /** What was typed when the dialog last closed. */
  draft: BlockFormValues;
  keep: (values: BlockFormValues) => void;
  send: (request: StatusRequest) => Promise<unknown>;
  close: () => void;
}
export const REASON_MAX = 500;

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

/**
 * The «Заблокировать квартиры» dialog's logic: a house, flats as typed («1-20, 35, 41») and a
 * reason. What was typed outlives the dialog (`keep` hands it to the screen when the dialog
 * closes, so closing it or losing the network loses nothing); a successful call empties it.
 */
export function useBlockForm({ draft, keep, send, close }: BlockFormOptions) {
  const t = useT();
  const reasonText = useFieldReasonText();
  const form = useForm<BlockFormValues>({ defaultValues: draft, mode: 'onTouched' });
  const [failure, setFailure] = useState<string | null>(null);
  const flatsText = useWatch({ control: form.control, name: 'flats' });
  const parsed = useMemo(() => parseFlatList(flatsText), [flatsText]);
  const reasons = useQuery(accessQueries.catalogue('reasons'));

  const rules = {
    house: { validate: (house: BlockFormValues['house']) => house !== null || t('access.block.houseRequired') },
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
        (field, reason) => form.setError(field, { type: 'server', message: reasonText(reason) }, { shouldFocus: true }),
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
