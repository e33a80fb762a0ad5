import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

type RolldownOutput = Rolldown.RolldownOutput;

/** What the server build of `ENTRY` exports. */
interface RouteRenderer {
  PRERENDERED_PATHS: string[];
  renderRoute(path: string): Promise<string>;
}

const ENTRY = 'src/prerender/render-route.tsx';
/** The built page's mount point, empty until the app renders into it. */
const EMPTY_ROOT = '<div id="root"></div>';

/** The file name of the server build's entry. */
function entryFile(built: Awaited<ReturnType<typeof build>>): string {
  const outputs = (Array.isArray(built) ? built : [built]) as RolldownOutput[];
  const entry = outputs.flatMap((o) => o.output).find((c) => c.type === 'chunk' && c.isEntry);
  if (!entry) throw new Error(`the server build of ${ENTRY} wrote no entry`);
  return entry.fileName;
}

/**
 * Where the API looks for a path's page (apps/api/src/web-app/serve-web-app.ts): `/` is
 * prerendered/index.html, `/guide/faq` prerendered/guide/faq/index.html.
 */
export function prerenderedFile(path: string): string {
  return join('prerendered', path, 'index.html');
}

/**
 * Writes the HTML of the public screens at build time (docs/web.md, "HTML made at build time"):
 * a server build of ENTRY renders each of its PRERENDERED_PATHS, and the built index.html with
 * that HTML in its root is written as the path's page, so the browser draws the screen from the
 * first response, before the script arrives; main.tsx then hydrates it. Runs as the bundle is
 * written, before precompress() compresses every page in closeBundle.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sweepline-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      // inside node_modules, so the server build's imports of React, Mantine… resolve from it
      const cache = join(config.root, 'node_modules', '.cache');
      mkdirSync(cache, { recursive: true });
      const serverDir = mkdtempSync(join(cache, 'prerender-'));
      try {
        const built = await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: ENTRY, outDir: serverDir, emptyOutDir: false, sourcemap: false },
        });
        const renderer = (await import(
          pathToFileURL(join(serverDir, entryFile(built))).href
        )) as RouteRenderer;
        const page = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!page.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to render into`);
        for (const path of renderer.PRERENDERED_PATHS) {
          const html = await renderer.renderRoute(path);
          const file = join(outDir, prerenderedFile(path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, page.replace(EMPTY_ROOT, `<div id="root">${html}</div>`));
        }
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
