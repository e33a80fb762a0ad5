import { createServer, Server } from 'node:http';

/**
 * Until the NestJS API lands (issue 4) the start line serves this page and a health call on the
 * product's port, so the README's start command is already the one that will stay.
 */
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sweepline</title></head>
<body><h1>Sweepline</h1><p>Online RF production testing. The service is being built: the API and
the web app arrive here on this same port.</p></body></html>`;

export function createPlaceholderServer(): Server {
  return createServer((req, res) => {
    if (req.url === '/webcyc/api/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 1, msg: '', data: { ok: true } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
}
