/**
 * Finding a house by the words of its address, in any order: «москва горького 32» finds
 * «г. Москва, ул. Горького, д. 32», «Королева» finds «ул. Королёва». The server and the app's
 * offline search normalise the same way, so a house found online is found offline too.
 *
 * The server looks each word up in `address_search_text(address)` (server/db/migrations/
 * 0020_house-address-search.sql: lower case and «ё» → «е» only, pg_trgm-indexed): the words hold
 * letters and digits only, so they are found there exactly when `addressMatchesWords` finds them
 * (tests/server/houses-card.test.ts holds the two to the same answers). A change to the letters
 * kept or to «ё» changes that function too, in a new migration.
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

/** Every word is in the normalised address (`words` from `addressSearchWords`). */
export function addressMatchesWords(address: string, words: readonly string[]): boolean {
  const text = normaliseAddress(address);
  return words.every((word) => text.includes(word));
}
