import { describe, expect, it } from 'vitest';
import apiDoc from '../../../docs/api.md?raw';
import { accessEndpoints } from '../../../contract/access';
import { adjusterEndpoints } from '../../../contract/adjuster';
import { auditEndpoints } from '../../../contract/audit';
import { buyerEndpoints } from '../../../contract/buyers';
import { commutatorEndpoints } from '../../../contract/commutators';
import { deviceCardEndpoints } from '../../../contract/device-card';
import { deviceSettingsEndpoints } from '../../../contract/device-card-settings';
import { deviceEndpoints } from '../../../contract/devices';
import { dialingEndpoints } from '../../../contract/dialings';
import { doorCodeEndpoints } from '../../../contract/door-codes';
import { deviceSyncEndpoints } from '../../../contract/device-sync';
import { dictionaryEndpoints } from '../../../contract/dictionaries';
import { entranceEndpoints } from '../../../contract/entrances';
import { fieldEndpoints } from '../../../contract/field';
import { flatBlockEndpoints } from '../../../contract/flat-blocks';
import { flatEndpoints } from '../../../contract/flat-card';
import { groupEndpoints } from '../../../contract/groups';
import { historyEndpoints } from '../../../contract/history';
import { houseEndpoints } from '../../../contract/houses';
import { keyEndpoints } from '../../../contract/keys';
import { mcEndpoints } from '../../../contract/mc';
import { powerEndpoints } from '../../../contract/power';
import { sessionEndpoints } from '../../../contract/session';
import { userOptionEndpoints } from '../../../contract/user-options';
import { userEndpoints } from '../../../contract/users';
import { userPermissionEndpoints } from '../../../contract/user-permissions';
import { wizardEndpoints } from '../../../contract/wizard';

const domains: Record<string, Record<string, { method: string; pattern: string; body: unknown; query: unknown }>> = {
  session: sessionEndpoints,
  users: userEndpoints,
  userPermissions: userPermissionEndpoints,
  userOptions: userOptionEndpoints,
  houses: houseEndpoints,
  dictionaries: dictionaryEndpoints,
  devices: deviceEndpoints,
  deviceCard: deviceCardEndpoints,
  deviceSettings: deviceSettingsEndpoints,
  commutators: commutatorEndpoints,
  keys: keyEndpoints,
  doorCodes: doorCodeEndpoints,
  deviceSync: deviceSyncEndpoints,
  entrances: entranceEndpoints,
  flats: flatEndpoints,
  flatBlocks: flatBlockEndpoints,
  buyers: buyerEndpoints,
  mc: mcEndpoints,
  access: accessEndpoints,
  wizard: wizardEndpoints,
  adjuster: adjusterEndpoints,
  history: historyEndpoints,
  power: powerEndpoints,
  dialings: dialingEndpoints,
  groups: groupEndpoints,
  field: fieldEndpoints,
  audit: auditEndpoints,
};
const all = Object.entries(domains).flatMap(([domain, endpoints]) =>
  Object.entries(endpoints).map(([key, endpoint]) => ({ domain, key, ...endpoint })),
);

describe('the whole contract', () => {
  it('has one endpoint per method and path, so the server can register every one', () => {
    const routes = all.map((endpoint) => `${endpoint.method} ${endpoint.pattern}`);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
    expect(all.length).toBe(175);
  });

  it('keeps every path under the API prefixes', () => {
    const outside = all.filter((endpoint) => !/^\/(front|adjuster|site\/auth|site\/csrf)(\/|$)/.test(endpoint.pattern));
    expect(outside).toEqual([]);
  });

  it('gives no GET a body and reads its input from the query', () => {
    expect(all.filter((endpoint) => endpoint.method === 'GET' && endpoint.body !== null).map((endpoint) => endpoint.key)).toEqual([]);
  });

  it('documents every call in docs/api.md', () => {
    const missing = all.filter((endpoint) => !apiDoc.includes(`| ${endpoint.key} | ${endpoint.method} | \`${endpoint.pattern}\` |`));
    expect(missing.map((endpoint) => `${endpoint.domain}.${endpoint.key}`)).toEqual([]);
  });
});
