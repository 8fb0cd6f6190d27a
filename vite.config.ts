import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { alias } from './build-aliases';
import { VitePWA } from 'vite-plugin-pwa';


/** manifest.webmanifest lives at the repository root (ARCHITECTURE.md); serve it in dev and emit it into dist/. */
function webManifest(): Plugin {
  const file = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));
  return {
    name: 'web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(file) });
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|wasm|svg|webmanifest|json)$/;

/**
 * Writes a .br and a .gz beside each text or wasm file of the build, which the server sends to a
 * browser that accepts them (server/plugins/spa.ts): the shell's 548 KB of JS go out as about
 * 150 KB. Compressed once here, at the highest levels, instead of on every request.
 */
function precompressed(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      // sw.js is left as it is: vite-plugin-pwa writes it, with its precache list, after this build.
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file) && file !== 'sw.js');
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const data = await readFile(path);
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            promisify(gzip)(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/** What every logged-in page loads: the header's chip and help button, the server probe, the raw outbox count. */
const WORKSPACE_CORE = /[\\/](src[\\/]offline[\\/](connectivity|offline-strings|runtime-context|runtime-demand)\.tsx?|src[\\/]app[\\/](offline-runtime-gate|header[\\/](connectivity-chip|help-menu))\.tsx)$/;
/** Dexie and the offline runtime: loaded by screens that work offline, or once the user has jobs or drafts. */
const OFFLINE_CORE = /[\\/](node_modules[\\/]dexie(-react-hooks)?[\\/]|src[\\/]offline[\\/](?!draft-schemas[\\/])|src[\\/]app[\\/]offline-runtime-host\.tsx)/;

/** MUI's styles import their createTheme relatively; in the build it resolves to src/app/mui-create-theme.ts. */
function muiThemeWithoutCssVariables(): Plugin {
  const standIn = fileURLToPath(new URL('./src/app/mui-create-theme.ts', import.meta.url));
  return {
    name: 'mui-theme-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromMuiStyles = importer !== undefined && /[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer);
      return fromMuiStyles && source === './createTheme.mjs' ? standIn : null;
    },
  };
}

export default defineConfig({
  resolve: { alias },
  plugins: [
    react(),
    webManifest(),
    muiThemeWithoutCssVariables(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,wasm}'],
        rollupFormat: 'es',
      },
      devOptions: { enabled: false },
    }),
    precompressed(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The preload map lets a route ask for all its chunks at once. Without it (tried to save the
    // 3.9 KB gzip the map adds to the shell) a screen's chunks arrived in a chain of imports six deep:
    // on a first open of the device keys page the last one came 1.3 s after the route's own chunk,
    // against 0.35 s with the map. The service worker's cache hides the chain only from the second visit.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically loads on every route anyway: one chunk compresses
            // better than the dozen small shared chunks the default split makes of it.
            { name: 'app', tags: ['$initial'], priority: 3 },
            // What every logged-in page loads (the header's chip and help button, the probe), as one chunk.
            { name: 'workspace', test: WORKSPACE_CORE, priority: 2 },
            { name: 'offline', test: OFFLINE_CORE, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/front': 'http://127.0.0.1:8080', '/site': 'http://127.0.0.1:8080', '/adjuster': 'http://127.0.0.1:8080' } },
});
