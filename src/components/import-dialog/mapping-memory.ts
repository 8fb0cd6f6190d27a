import { IMPORT_FIELDS, type ImportFile, type ImportKind, type ImportMapping } from '@contract/imports';

const key = (kind: ImportKind, userId: number | null) => `import-mapping:${kind}:${userId ?? 'anonymous'}`;

/** Keeps the user's column choice of a kind for the next file (this browser's localStorage). */
export function rememberMapping(kind: ImportKind, userId: number | null, mapping: ImportMapping): void {
  try {
    localStorage.setItem(key(kind, userId), JSON.stringify(mapping));
  } catch {
    // Storage full or off: the next file starts from the server's guess.
  }
}

function remembered(kind: ImportKind, userId: number | null): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(kind, userId)) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The file's mapping: the server's guess from the header, with each field the user mapped last
 * time taken over when the new file has that column (a field left out last time stays out).
 */
export function withRememberedMapping(kind: ImportKind, userId: number | null, file: Pick<ImportFile, 'headers' | 'mapping'>): ImportMapping {
  const last = remembered(kind, userId);
  const mapping: Record<string, string | null> = {};
  for (const field of IMPORT_FIELDS[kind]) {
    const choice = last[field];
    const guess = file.mapping[field] ?? null;
    if (typeof choice === 'string' && file.headers.includes(choice)) mapping[field] = choice;
    else if (choice === null && field in last) mapping[field] = guess !== null && file.headers.includes(guess) && guess === field ? guess : null;
    else mapping[field] = guess;
  }
  return mapping as ImportMapping;
}
