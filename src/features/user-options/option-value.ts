import type { UserOption, UserOptionName } from '@contract/user-options';

/** The stored value of one option; null when it was never set. (Apart from model.ts so the app shell stays light.) */
export function optionValue(options: readonly UserOption[] | undefined, name: UserOptionName): string | null {
  const value = options?.find((option) => option.optionName === name)?.value;
  return value === undefined || value === null || value === '' ? null : value;
}
