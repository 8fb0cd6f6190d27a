import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useApp } from './helpers';
import { ALL_RULES } from './route-rules/all-rules';
import { CALLERS, READS_BY_POST, ROLE_TABLE_COMMAND, ROLE_TABLE_END, ROLE_TABLE_START, probeRoles, renderRoleTable, roleTableOf, routeCollector, withRoleTable } from './role-table';

const column = (role: (typeof CALLERS)[number]['role']) => CALLERS.findIndex((caller) => caller.role === role);

describe.each(BACKENDS)('the role table of docs/api.md on %s', (backend) => {
  const collector = routeCollector();
  const app = useApp(backend, { onRoute: collector.onRoute });
  let rows: Awaited<ReturnType<typeof probeRoles>> = [];
  beforeAll(async () => {
    rows = await probeRoles(app(), collector.routes);
  }, 300_000);

  it(`is the one the code gives (else run ${ROLE_TABLE_COMMAND})`, async () => {
    const document = await readFile(join(import.meta.dirname, '../../docs/api.md'), 'utf8');
    const written = roleTableOf(document);
    expect(written, `docs/api.md has no role table: run ${ROLE_TABLE_COMMAND}`).not.toBeNull();
    expect(written, `docs/api.md's role table differs from the routes the server registers: run ${ROLE_TABLE_COMMAND}`).toBe(renderRoleTable(rows));
  });

  it('has a row for every API route the app registers, each in a domain of the contract', () => {
    expect(rows.length).toBe(collector.routes.length);
    expect(rows.length).toBeGreaterThan(150);
    expect(rows.filter((row) => row.domain === 'other').map((row) => row.pattern), 'routes of no contract domain').toEqual([]);
  });

  it('agrees with the declared rules: 401 without a session unless public, 403 exactly for the accounts a rule refuses', () => {
    const account = { superuser: 'admin', management: 'operator', support: 'support', adjuster: 'installer' } as const;
    const wrong: string[] = [];
    for (const row of rows) {
      // A route without a rule is tests/server/access.test.ts's failure.
      const rule = ALL_RULES.find((item) => item.method === row.method && item.pattern === row.pattern);
      if (!rule) continue;
      const none = row.verdicts[column('no session')];
      if (none !== (rule.public ? 'allowed' : 'login')) wrong.push(`${row.method} ${row.pattern}: no session ${none}`);
      for (const role of ['superuser', 'management', 'support', 'adjuster'] as const) {
        const refused = row.verdicts[column(role)] === 'refused';
        if (refused !== rule.refused.includes(account[role])) wrong.push(`${row.method} ${row.pattern}: ${role} ${row.verdicts[column(role)]}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows support read-only on the screens it reads, buyers to the superuser only', () => {
    const table = renderRoleTable(rows);
    const summary = (domain: string) => table.split('\n').find((line) => line.startsWith(`| \`${domain}\` | `));
    expect(summary('devices')).toMatch(/^\| `devices` \| \d+ \| allowed \| allowed \| read-only \|/);
    expect(summary('groups')).toMatch(/\| allowed \| allowed \| read-only \| refused \| refused \|$/);
    expect(summary('buyers')).toMatch(/\| allowed \| refused \| refused \| refused \| refused \|$/);
    expect(summary('keys'), 'the key searches are POSTs but reads').toMatch(/\| allowed \| allowed \| read-only \| refused \| refused \|$/);
  });

  it('counts as reads only POST searches the app registers', () => {
    const registered = new Set(collector.routes.map((route) => `${route.method} ${route.pattern}`));
    expect([...READS_BY_POST].filter((key) => !registered.has(key))).toEqual([]);
  });
});

describe('writing the role table into docs/api.md', () => {
  const table = `${ROLE_TABLE_START}\nnew\n${ROLE_TABLE_END}`;

  it('replaces only what lies between the markers', () => {
    const document = `# API\n\nbefore\n${ROLE_TABLE_START}\nold\n${ROLE_TABLE_END}\nafter\n`;
    expect(withRoleTable(document, table)).toBe(`# API\n\nbefore\n${table}\nafter\n`);
  });

  it('adds the section before "Roles, routes and screens" the first time, or at the end', () => {
    expect(withRoleTable('# API\n\n## Roles, routes and screens\n\ntext\n', table)).toBe(`# API\n\n## Roles by route\n\n${table}\n\n## Roles, routes and screens\n\ntext\n`);
    expect(withRoleTable('# API\n', table)).toBe(`# API\n\n## Roles by route\n\n${table}\n\n`);
  });
});
