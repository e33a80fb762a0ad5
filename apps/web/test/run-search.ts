import type { SnReport } from '@sweepline/domain';
import { http } from 'msw';
import { ok, path, server } from './server';

/**
 * Serves a serial number's runs as the API does: GET /report/sn the product tested last (the
 * first of the list) with how many products hold it, GET /report/sn/products all of them.
 * `answer` gets the query; a Response (a refusal, a network error) answers both calls.
 */
export function serveRunSearch(answer: (query: URLSearchParams) => SnReport[] | Response) {
  const answered = (request: Request) => answer(new URL(request.url).searchParams);
  server.use(
    http.get(path('/report/sn'), ({ request }) => {
      const reports = answered(request);
      if (reports instanceof Response) return reports;
      return ok({ ...reports[0]!, productCount: reports.length } as never);
    }),
    http.get(path('/report/sn/products'), ({ request }) => {
      const reports = answered(request);
      return reports instanceof Response ? reports : ok(reports as never);
    }),
  );
}
