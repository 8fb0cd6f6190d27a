import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
        rollupFormat: 'es',
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  server: { proxy: { '/front': 'http://127.0.0.1:8080', '/site': 'http://127.0.0.1:8080', '/adjuster': 'http://127.0.0.1:8080' } },
});
