import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { notify } from '@/components/notifications/notify';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { placeFieldErrors } from '@/lib/field-errors';
import { saveEntries } from './api';
import { useT } from './messages';
import { bulkFieldOf, changedEntries, type CatalogueEntry, type CatalogueKind, type EntryDraft } from './model';
import { accessQueries } from './queries';

interface BulkValues {
  rows: EntryDraft[];
}

type RowField = `rows.${number}.${'name' | 'description'}`;

/**
 * «Изменить всё»: every entry of a list as an editable row, saved at once with update-reasons /
 * update-actions. Only the rows that differ are sent; the list is replaced by the server's answer
 * (only on result: true). A 400 naming `reasons.1.name` is shown at that row's field.
 */
export function useBulkEditor(kind: CatalogueKind, entries: readonly CatalogueEntry[]) {
  const t = useT();
  const reasonText = useFieldReasonText();
  const client = useQueryClient();
  const form = useForm<BulkValues>({ defaultValues: { rows: [] }, mode: 'onTouched' });
  const rows = useFieldArray({ control: form.control, name: 'rows', keyName: 'key' });
  const [active, setActive] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const drafts = useWatch({ control: form.control, name: 'rows' });
  const changed = active ? changedEntries(entries, drafts) : [];

  const save = useMutation({
    mutationFn: (sent: ReturnType<typeof changedEntries>) => saveEntries(kind, sent),
    onSuccess: (list, sent) => {
      client.setQueryData(accessQueries.catalogue(kind).queryKey, list);
      notify(t('access.catalogue.bulk.saved', { count: sent.length }), { variant: 'success' });
      setActive(false);
    },
  });

  const submit = form.handleSubmit(async (values) => {
    const sent = changedEntries(entries, values.rows);
    setFailure(null);
    if (sent.length === 0) {
      setActive(false);
      return;
    }
    try {
      await save.mutateAsync(sent);
    } catch (error) {
      setFailure(
        placeFieldErrors<RowField>(
          error,
          (path) => {
            const found = bulkFieldOf(path, kind, sent, values.rows);
            return found ? `rows.${found.row}.${found.field}` : null;
          },
          (field, reason) => form.setError(field, { type: 'server', message: reasonText(reason) }, { shouldFocus: true }),
        ),
      );
    }
  });

  return {
    active,
    start: () => {
      form.reset({ rows: entries.map((entry) => ({ id: entry.id, name: entry.name, description: entry.description ?? '' })) });
      setFailure(null);
      setActive(true);
    },
    cancel: () => {
      setActive(false);
      setFailure(null);
    },
    form,
    rows: rows.fields,
    changedCount: changed.length,
    pending: save.isPending,
    failure,
    submit,
  };
}

export type BulkEditor = ReturnType<typeof useBulkEditor>;
