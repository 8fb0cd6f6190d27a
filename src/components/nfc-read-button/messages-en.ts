import type { FeatureMessageKey } from './messages';

export const enMessages: Record<FeatureMessageKey, string> = {
  'nfcRead.button': 'Read a card',
  'nfcRead.cancel': 'Stop reading',
  'nfcRead.reversed': 'Reversed byte order',
  'nfcRead.reversed.hint': 'For panels that store the UID last byte first',
  'nfcRead.scanning': 'Hold the card to the back of the phone…',
  'nfcRead.readingError': 'The card was not read; hold it to the phone again, a little longer.',
  'nfcRead.read': 'Read card {uid} ({bytes} bytes): {value}',
  'nfcRead.read.padded': 'Read card {uid} ({bytes} bytes), padded with zeros for {type}: {value}',
  'nfcRead.unavailable.insecure': 'Cards can be read only over HTTPS. Type the number.',
  'nfcRead.unavailable.unsupported': 'This browser cannot read cards over NFC (Chrome on Android with NFC is needed). Type the number.',
  'nfcRead.unavailable.denied': 'NFC is blocked in the site settings. Allow it or type the number.',
  'nfcRead.noType': 'Choose the key type first.',
  'nfcRead.error.timeout': 'No card found in {seconds} s. Press «Read a card» again.',
  'nfcRead.error.unsupported': 'NFC is off or the phone has none. Turn NFC on or type the number.',
  'nfcRead.error.unreadable': 'The card did not give its number (UID). Try again or type the number.',
  'nfcRead.error.other': 'The card could not be read: {error}',
  'nfcRead.error.length': 'Card UID {uid} has {bytes} bytes, which does not fit {type}: {accepted} bytes are needed.',
  'nfcRead.or': '{list} or {last}',
};
