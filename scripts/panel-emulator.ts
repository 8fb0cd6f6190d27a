import { parseArgs } from 'node:util';
import { startBewardEmulator } from '../server/gateways/device/panels/beward/emulator';
import { startIsSokolEmulator } from '../server/gateways/device/panels/iscom/emulator';

/*
 * A panel emulator for trying the drivers by hand (docs/operations.md "Real panels"):
 *   npm run panel-emulator -- --family beward --port 8801
 *   npm run panel-emulator -- --family iscom --revision 5 --port 8802
 * It listens on 127.0.0.1 only and keeps its state until stopped (Ctrl+C).
 */
const { values } = parseArgs({
  options: {
    family: { type: 'string', default: 'beward' },
    port: { type: 'string', default: '8801' },
    revision: { type: 'string', default: '2' },
    login: { type: 'string' },
    password: { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`--port must be a port number, not «${values.port}»`);
const credentials = { ...(values.login === undefined ? {} : { login: values.login }), ...(values.password === undefined ? {} : { password: values.password }) };

const emulator =
  values.family === 'beward'
    ? await startBewardEmulator({ port, ...credentials })
    : values.family === 'iscom'
      ? await startIsSokolEmulator({ port, revision: values.revision === '5' ? 5 : 2, ...credentials })
      : null;
if (!emulator) throw new Error(`--family must be beward or iscom, not «${values.family}»`);
console.log(`${values.family} panel emulator on ${emulator.url}; add a device of that family with this URL (DEVICE_GATEWAY=drivers DEVICE_NETWORKS=127.0.0.1/32)`);
let logged = 0;
const timer = setInterval(() => {
  // A Beward SIP write carries the account's password in its query: it is not printed.
  for (const request of emulator.requests.slice(logged)) console.log(request.replace(/([?&]pass=)[^&]*/, '$1***'));
  logged = emulator.requests.length;
}, 500);
process.on('SIGINT', () => {
  clearInterval(timer);
  void emulator.close().then(() => process.exit(0));
});
