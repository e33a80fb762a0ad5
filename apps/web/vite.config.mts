import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const source = (lib: string) => fileURLToPath(new URL(`../../libs/${lib}/src/index.ts`, import.meta.url));

// The API serves dist/ with a single-page fallback (apps/api/src/create-app.ts); in development
// the dev server sends API calls to an API on port 8080.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@sweepline/domain': source('domain'), '@sweepline/ui': source('ui') } },
  server: { proxy: { '/webcyc/api': 'http://localhost:8080' } },
  // Mantine and React make one ~650 KB chunk (about 200 KB gzipped); bench/web.bench.ts watches the
  // gzipped first load against its 350 KB target, so Vite's raw-size warning adds nothing
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1000 },
});
