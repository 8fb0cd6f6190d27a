import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '@/components/notifications/notify';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { placeFieldErrors } from '@/lib/field-errors';
import { HttpError, errorMessage } from '@/lib/http';
import { removeEntry, saveEntry } from './api';
import { useT } from './messages';
import { entryValues, isBlank, withEntry, type CatalogueEntry, type CatalogueKind, type EntryValues } from './model';
import { accessQueries } from './queries';

/** The rule of a name field: required, in the screen's words. */
export function useNameRule() {
  const t = useT();
  return { validate: (value: string) => !isBlank(value) || t('access.catalogue.nameRequired') };
}

/**
 * One editable list of the catalogue (reasons or actions): the list, create and edit (one dialog),
 * delete after a confirmation. The cached list changes only when the server said result: true; a
 * refused delete (409: the entry is in use) is kept on screen in the server's words.
 */
export function useCatalogue(kind: CatalogueKind) {
  const t = useT();
  const client = useQueryClient();
  const query = useQuery(accessQueries.catalogue(kind));
  const key = accessQueries.catalogue(kind).queryKey;
  const [editing, setEditing] = useState<{ entry: CatalogueEntry | null } | null>(null);
  const [deleting, setDeleting] = useState<CatalogueEntry | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: ({ values, id }: { values: EntryValues; id?: number }) => saveEntry(kind, { ...values, id }),
    onSuccess: (saved, { id }) => {
      client.setQueryData(key, (entries) => withEntry(entries ?? [], saved));
      notify(id === undefined ? t('access.catalogue.created') : t('access.catalogue.saved'), { variant: 'success' });
    },
  });

  const remove = useMutation({
    mutationFn: (entry: CatalogueEntry) => removeEntry(kind, entry.id),
    onMutate: () => setRefusal(null),
    onSuccess: (_answer, entry) => {
      client.setQueryData(key, (entries) => (entries ?? []).filter((other) => other.id !== entry.id));
      notify(t('access.catalogue.deleted'), { variant: 'success' });
    },
    onError: (error, entry) =>
      setRefusal(error instanceof HttpError && error.status === 409 ? t('access.catalogue.inUse', { name: entry.name, message: error.message }) : errorMessage(error)),
    onSettled: () => setDeleting(null),
  });

  return {
    entries: query.data ?? [],
    loading: query.isPending,
    error: query.error ? errorMessage(query.error) : null,
    retry: () => void query.refetch(),
    editing,
    startCreate: () => setEditing({ entry: null }),
    startEdit: (entry: CatalogueEntry) => setEditing({ entry }),
    stopEditing: () => setEditing(null),
    save: (values: EntryValues) => save.mutateAsync({ values, id: editing?.entry?.id }),
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => deleting && remove.mutate(deleting),
    removing: remove.isPending,
    refusal,
    dismissRefusal: () => setRefusal(null),
  };
}

/**
 * The create / edit dialog's form, filled from the entry (the dialog is mounted afresh for each
 * opening); a 400 naming `name` or `description` is shown at that field, anything else above the fields.
 */
export function useEntryForm(entry: CatalogueEntry | null, save: (values: EntryValues) => Promise<unknown>, onSaved: () => void) {
  const reasonText = useFieldReasonText();
  const form = useForm<EntryValues>({ defaultValues: entryValues(entry), mode: 'onTouched' });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(values);
      onSaved();
    } catch (error) {
      setFailure(
        placeFieldErrors(
          error,
          (path) => (path === 'name' || path === 'description' ? path : null),
          (field, reason) => form.setError(field, { type: 'server', message: reasonText(reason) }, { shouldFocus: true }),
        ),
      );
    }
  });
  return { form, submit, failure };
}

/** The access services: read only (the contract has no call that writes them). */
export function useServices() {
  const query = useQuery(accessQueries.services());
  return {
    services: query.data ?? [],
    loading: query.isPending,
    error: query.error ? errorMessage(query.error) : null,
    retry: () => void query.refetch(),
  };
}
