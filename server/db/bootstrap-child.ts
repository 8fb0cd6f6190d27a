import { parseDeviceSecretKey, setDeviceSecretKey } from '../security/device-secrets';
import { isSeedSize } from '../seed/sizes';
import { prepareDatabase } from './bootstrap';
import { openDatabase } from './client';

/** Run by createPgliteDataDir: `bootstrap-child.ts <dataDir> <small|demo|large|none>`. */
const [dataDir, seed] = process.argv.slice(2);
if (!dataDir || seed === undefined || (seed !== 'none' && !isSeedSize(seed))) {
  console.error('usage: bootstrap-child.ts <dataDir> <small|demo|large|none>');
  process.exit(2);
}
// The seed's device passwords are sealed as the server's would be (the server checked the key before forking).
setDeviceSecretKey(parseDeviceSecretKey(process.env.DEVICE_SECRET_KEY));
const database = await openDatabase({ kind: 'pglite', dataDir });
try {
  await prepareDatabase(database, seed === 'none' ? false : seed);
} finally {
  await database.close();
}
