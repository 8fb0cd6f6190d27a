import { array, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { NonEmptyString, endpoint, withResult } from './common';

/** One user option (language or timezone) of one user. */
export const UserOption = type({
  optionId: number(),
  userId: number(),
  optionName: string(),
  value: nullable(string()),
  lastChangeDate: string(),
});
export type UserOption = Infer<typeof UserOption>;

/** The options the settings screen knows. */
export const USER_OPTION_NAMES = ['language', 'timezone'] as const;
export type UserOptionName = (typeof USER_OPTION_NAMES)[number];

export const UserOptionsResponse = withResult({ data: array(UserOption) });

export const SettingOptions = object({ timezone: optional(NonEmptyString), language: optional(NonEmptyString) });
export type SettingOptions = Infer<typeof SettingOptions>;
export const UserOptionsUpdate = object({ settingOptions: SettingOptions });

export const userOptionEndpoints = {
  get: endpoint({ method: 'GET', pattern: '/front/user-options', response: UserOptionsResponse }),
  update: endpoint({ method: 'PUT', pattern: '/front/user-options', body: UserOptionsUpdate, response: UserOptionsResponse }),
} as const;
