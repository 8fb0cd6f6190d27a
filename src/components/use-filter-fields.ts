import { useState, type FormEvent } from 'react';

export type FilterProblems<Key extends string> = Partial<Record<Key, string>>;

/** What a list's own checks make of the typed values: the filters to apply, or the problems found. */
export interface FilterCheck<Key extends string> {
  filters: Record<Key, string>;
  problems: FilterProblems<Key>;
}

/** What a list page hands its filters: the URL's filters, and how to apply or clear them. */
export interface UrlFiltersProps<Key extends string> {
  /** The filters the URL holds now. */
  filters: Record<Key, string>;
  onApply: (filters: Record<Key, string>) => void;
  onClear: () => void;
}

interface FilterFieldsOptions<Key extends string> extends UrlFiltersProps<Key> {
  /** The list's own checks of the typed values (trimmed, normalised as the list wants them). */
  check: (values: Record<Key, string>) => FilterCheck<Key>;
}

function sameFilters<Key extends string>(a: Record<Key, string>, b: Record<Key, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Key[]);
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * The fields of a list's filters kept in the URL: typed values, the problems of the last «Найти», and
 * the fields following the URL when it changes (applied, reset, back button). Applied only when the
 * list's checks find nothing wrong, so typing does not flood the server.
 */
export function useFilterFields<Key extends string>({ filters, check, onApply, onClear }: FilterFieldsOptions<Key>) {
  const [values, setValues] = useState(filters);
  const [problems, setProblems] = useState<FilterProblems<Key>>({});
  // The URL changed: the fields show it, without a remount that would take the focus.
  const [shown, setShown] = useState(filters);
  if (!sameFilters(shown, filters)) {
    setShown(filters);
    setValues(filters);
    setProblems({});
  }

  const set = (key: Key) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(values);
    setProblems(checked.problems);
    if (Object.keys(checked.problems).length === 0) onApply(checked.filters);
  };

  // The fields empty at once, also when the URL holds no filter (nothing would re-sync them then).
  const reset = () => {
    setProblems({});
    setValues((current) => Object.fromEntries(Object.keys(current).map((key) => [key, ''])) as Record<Key, string>);
    onClear();
  };

  /** A field's name, value, change and problem, for OutlinedField. */
  const field = (key: Key) => ({ name: key, value: values[key], onChange: set(key), error: problems[key] });

  return { values, problems, set, field, submit, reset };
}
