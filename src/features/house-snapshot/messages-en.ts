import type { FeatureMessageKey } from './messages';

/** English strings of house snapshots (take a house offline); the compiler checks none is missing. */
export const enMessages: Record<FeatureMessageKey, string> = {
  'houseSnapshot.take': 'Save for offline work',
  'houseSnapshot.take.short': 'Save',
  'houseSnapshot.take.for': 'Save for offline work: {address}',
  'houseSnapshot.savedAgo': 'Saved for offline work {age}',
  'houseSnapshot.age.now': 'just now',
  'houseSnapshot.age.minutes': '{value} min ago',
  'houseSnapshot.age.hours': '{value} h ago',
  'houseSnapshot.age.days': '{value} d ago',
  'houseSnapshot.ageShort.now': 'now',
  'houseSnapshot.ageShort.minutes': '{value} min',
  'houseSnapshot.ageShort.hours': '{value} h',
  'houseSnapshot.ageShort.days': '{value} d',
  'houseSnapshot.refresh': 'Refresh the saved data',
  'houseSnapshot.refresh.for': 'Refresh the saved data of {address}',
  'houseSnapshot.delete': 'Delete the saved data',
  'houseSnapshot.delete.for': 'Delete the saved data of {address}',
  'houseSnapshot.delete.title': 'Delete the offline data?',
  'houseSnapshot.delete.text': 'The entrances, flats and devices of "{address}" will be deleted from this device. Without a connection, this house cannot be chosen in the wizard.',
  'houseSnapshot.deleted': 'The house data was deleted from the device',
  'houseSnapshot.saved': '"{address}" is saved for offline work: {entrances} entrances, {flats} flats, {devices} devices',
  'houseSnapshot.failed': 'The house could not be saved for offline work: {message}',
  'houseSnapshot.offline': 'Offline: a house can be saved or refreshed only online',
  'houseSnapshot.stale': 'the data may be out of date, refresh it when online',
  'houseSnapshot.unreadable': 'the saved data cannot be read ({error}), save the house again',
};
