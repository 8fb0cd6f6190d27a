import type { FeatureMessageKey } from './messages';

/** English strings of the user settings screen; the compiler checks none is missing. */
export const enMessages: Record<FeatureMessageKey, string> = {
  'settings.title': 'User settings',
  'settings.field.language': 'Language',
  'settings.field.timezone': 'Time zone',
  'settings.save': 'Save',
  'settings.saved': 'Settings saved',
  'settings.lastChange': 'Last changed: {date}',
  'settings.neverChanged': 'The settings have not been changed yet',
  'settings.currentTime': 'Current time in the chosen zone: {date}',
  'settings.language.ru': 'Русский',
  'settings.language.en': 'English',
  'settings.loadError': 'Could not load the settings',
};
