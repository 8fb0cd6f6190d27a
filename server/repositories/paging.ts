/**
 * A page selected with its total beside each row (`count(*) over ()`). An empty page past the end carries no total,
 * so the matches are counted apart (`countAll`).
 */
export async function pageWithTotal<T extends { total: number }>(
  rows: T[],
  page: number,
  countAll: () => Promise<number>,
): Promise<{ rows: Omit<T, 'total'>[]; total: number }> {
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0].total };
  return { rows: [], total: page === 1 ? 0 : await countAll() };
}
