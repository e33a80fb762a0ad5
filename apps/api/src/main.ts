import { createPlaceholderServer } from './placeholder-server';

const port = Number(process.env.PORT ?? 8080);
const server = createPlaceholderServer();
server.listen(port, () => console.log(`Sweepline listening on http://localhost:${port}`));
// Stop cleanly on Ctrl+C and on a service manager's TERM.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
