import { screen, within } from '@testing-library/react';
import type { FailureParetoReport, ProductListItem } from '@sweepline/domain';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, server } from '../../../test/server';

const F200: ProductListItem = {
  id: 4,
  name: 'F-200',
  model: '',
  info: '',
  seqs: [{ id: 31, name: 'PIM', stageNo: 1, testNo: 1 }],
};
/** The first screen waits for the lazily loaded chunk, slow on a busy machine. */
const SLOW = { timeout: 30_000 };
const LONG = 'PIM IM3L Reverse - 93 dBc';

const PARETO: FailureParetoReport = {
  count: 'first',
  failedRuns: 3,
  abortedRuns: 0,
  versions: [{ seqId: 31, seqName: 'PIM', versions: [1] }],
  bars: [
    { seqId: 31, seqName: 'PIM', step: LONG, count: 2, percent: 66.67, cumulativePercent: 66.67 },
    { seqId: 31, seqName: 'PIM', step: 'Return Loss', count: 1, percent: 33.33, cumulativePercent: 100 },
  ],
};

function serve() {
  server.use(
    http.get(path('/user/product_list'), () => ok([F200] as never)),
    http.get(path('/report/failures'), () => ok(PARETO as never)),
  );
}

describe('Failure Pareto (issue 38)', () => {
  it("names every column of the failing steps, the buttons' one too", async () => {
    serve();
    renderApp('/report/failures', MANAGER);
    const table = await screen.findByRole('table', { name: 'Failing steps' }, SLOW);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Test', 'Step', 'Count', '%', 'Cumulative %', 'Runs']);
  });

  it("draws each bar's whole title, and gives a screen reader every one with its count", async () => {
    serve();
    renderApp('/report/failures', MANAGER);
    const chart = await screen.findByRole('img', { name: /failed runs by failing step/ }, SLOW);
    const labels = JSON.parse(chart.dataset['chart']!).data.labels as string[][];
    expect(labels.map((lines) => lines.join(' '))).toEqual([`PIM / ${LONG}`, 'PIM / Return Loss']);
    expect(chart).toHaveAccessibleDescription(
      `PIM / ${LONG}: 2, cumulative 66.67 % PIM / Return Loss: 1, cumulative 100.00 %`,
    );
  });
});
