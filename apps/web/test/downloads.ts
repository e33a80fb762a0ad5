import { HttpResponse, http } from 'msw';
import { path, server } from './server';

/** jsdom does not download: the file names the page asked the browser to save, in order. */
export function recordDownloads(): string[] {
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** Serves a CSV at the API path `apiPath` under `fileName`; `asked.query` is the last request's query. */
export function serveCsv(apiPath: string, fileName: string): { query?: Record<string, string> } {
  const asked: { query?: Record<string, string> } = {};
  server.use(
    http.get(path(apiPath), ({ request }) => {
      asked.query = Object.fromEntries(new URL(request.url).searchParams);
      return new HttpResponse('a,b\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${fileName}"` },
      });
    }),
  );
  return asked;
}
