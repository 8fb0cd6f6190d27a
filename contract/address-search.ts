/**
 * Finding a house by the words of its address, in any order: «москва горького 32» finds
 * «г. Москва, ул. Горького, д. 32», «Королева» finds «ул. Королёва». The server and the app's
 * offline search normalise the same way, so a house found online is found offline too.
 *
 * A word of three characters or more is found anywhere in the address («горьк», the end of a
 * street's name); a shorter one — a house number, a letter — at the start of one of its words, so
 * «д. 1» finds houses 1, 12 and 1к2 rather than every address with a 1 somewhere.
 *
 * The server looks each word up in the stored column `houses.address_search` (server/db/migrations/
 * 0025_house-address-words.sql: this normalisation after a space, pg_trgm-indexed): it finds them
 * exactly when `addressMatchesWords` does (tests/server/houses-card.test.ts holds the two to the
 * same answers). A change to the letters kept or to «ё» changes that column too, in a new migration.
 */

/** Lower case, «ё» as «е», and every run of anything but a Latin or Cyrillic letter or a digit as one space. */
export function normaliseAddress(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^0-9a-zа-я]+/g, ' ')
    .trim();
}

/**
 * The kinds of place and building people type or leave out as they like («ул.», «д.», «г.»):
 * leaving them out of the query lets «Горького 32» find «ул. Горького, д. 32».
 */
const IGNORED_WORDS: ReadonlySet<string> = new Set([
  'г',
  'гор',
  'город',
  'ул',
  'улица',
  'д',
  'дом',
  'к',
  'корп',
  'корпус',
  'стр',
  'строение',
  'пр',
  'т',
  'просп',
  'проспект',
  'пер',
  'переулок',
  'обл',
  'область',
]);

/**
 * The words a query is made of, each to be found somewhere in the normalised address (a part of a
 * word too: people type «горьк» or the end of a street's name).
 * A query made only of ignored words («ул.») still searches them rather than everything.
 */
export function addressSearchWords(query: string): string[] {
  const words = [...new Set(normaliseAddress(query).split(' ').filter(Boolean))];
  const kept = words.filter((word) => !IGNORED_WORDS.has(word));
  return kept.length > 0 ? kept : words;
}

/** A word this short is looked for at the start of the address's words: «1» finds house 1 and 12, not every address with a 1 in it. */
export const WORD_START_MAX_LENGTH = 2;

/** Whether `word` must start one of the address's words rather than be anywhere in it. */
export function isWordStart(word: string): boolean {
  return word.length <= WORD_START_MAX_LENGTH;
}

/** Every word is in the normalised address; a short one at the start of a word (`words` from `addressSearchWords`). */
export function addressMatchesWords(address: string, words: readonly string[]): boolean {
  const text = ` ${normaliseAddress(address)}`;
  return words.every((word) => text.includes(isWordStart(word) ? ` ${word}` : word));
}
