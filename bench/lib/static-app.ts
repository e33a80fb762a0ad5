import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Answers a request itself (true) or leaves it to the static files (false). */
export type Answerer = (path: string, res: ServerResponse, req: IncomingMessage) => boolean;

/**
 * The built web app in `dist` served as the API serves it (files under /assets/, index.html for
 * every other path), on a free loopback port; `answer` may stand in for some API calls first.
 */
export function serveBuiltApp(dist: string, answer?: Answerer): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (answer?.(path, res, req)) return;
    const file = path.startsWith('/assets/') ? join(dist, path) : join(dist, 'index.html');
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      done({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}
