import { sql, type SQL } from 'drizzle-orm';

/** An int[] parameter: one bound value however many ids (an `in (...)` list would bind each). */
export const intArray = (values: readonly number[]): SQL => sql`${`{${values.map(Number).join(',')}}`}::int[]`;

/** A text[] parameter (each element quoted, so any text is safe). */
export function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`}::text[]`;
}
