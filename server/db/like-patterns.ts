/** `value` with LIKE's wildcards and escape character escaped, so it matches itself. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `value` as a LIKE pattern that matches it literally anywhere in the text. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}

/** `value` as a LIKE pattern that matches text starting with it literally. */
export function prefixPattern(value: string): string {
  return `${escapeLike(value)}%`;
}
