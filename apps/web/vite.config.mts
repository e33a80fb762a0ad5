import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.mjs';
import { prerender } from './vite-prerender.mjs';

/** The files of libs/domain's source, which the alias below resolves to. */
const DOMAIN_SOURCE = /[\\/]libs[\\/]domain[\\/]src[\\/]/;
const CHARTS = /node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)|libs[\\/]ui[\\/]src[\\/]charts/;
const UI_BARREL = /libs[\\/]ui[\\/]src[\\/]index\.ts$/;
const source = (lib: string) => fileURLToPath(new URL(`../../libs/${lib}/src/index.ts`, import.meta.url));

// The API serves dist/ with a single-page fallback, each file brotli- or gzip-coded as written by
// precompress() (apps/api/src/web-app/serve-web-app.ts); in development the dev server sends API
// calls to an API on port 8080.
export default defineConfig({
  plugins: [react(), prerender(), precompress()],
  resolve: { alias: { '@sweepline/domain': source('domain'), '@sweepline/ui': source('ui') } },
  server: { proxy: { '/webcyc/api': 'http://localhost:8080' } },
  // React, React Router and Mantine's shell make one ~450 KB chunk (about 120 KB brotli);
  // bench/lighthouse.bench.ts holds the first load to its budget, so Vite's raw-size warning adds nothing
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // libs/domain is pure rules (no statement of its own runs on import), so a module of it whose
      // exports a chunk does not use is left out: without this the barrel's every module with a
      // top-level call (`measureEnd('max')`, `new Map(…)`) came with the first load (17 KiB brotli
      // of trace math, catalogue and calibration rules on the sign-in screen).
      treeshake: { moduleSideEffects: [{ test: DOMAIN_SOURCE, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 3 },
            {
              name: 'screen-kit',
              test: (id) => !CHARTS.test(id) && !UI_BARREL.test(id),
              minShareCount: 3,
              priority: 2,
            },
            { name: 'charts', test: CHARTS, priority: 1 },
          ],
        },
      },
    },
  },
});
