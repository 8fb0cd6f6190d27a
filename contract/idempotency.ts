/*
 * The two halves of the exactly-once protocol share these: the outbox decides with them whether a
 * fixed body may keep its key and which sent jobs the server has forgotten; the server fingerprints
 * a request and expires its stored answer with them.
 */

/** How long the server keeps a key's stored answer; a job sent longer ago than this is not deduplicated any more. */
export const IDEMPOTENCY_TTL_SECONDS = 7 * 24 * 60 * 60;

/** JSON with object keys sorted at every level (array order kept): two bodies are the same request when this matches. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
