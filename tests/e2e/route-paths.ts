/**
 * The route paths of src/app/route-table.ts, read from its source text: the e2e tests run in Node
 * and cannot import the app's modules. tests/unit/app/route-access.test.ts checks this reading
 * against the table itself, so a route added there is never missed here.
 */
export function routePaths(source: string): string[] {
  return [...source.matchAll(/(?:\bpath: |\bplaceholder\()'([^']+)'/g)].map((match) => match[1] ?? '');
}
