import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const D900: ProductListItem = {
  id: 5,
  name: 'D-900',
  model: '',
  info: '',
  seqs: [{ id: 41, name: 'Isolation', stageNo: 1, testNo: 1 }],
};
const D900_PARETO: FailureParetoReport = {
  ...PARETO,
  versions: [{ seqId: 41, seqName: 'Isolation', versions: [2] }],
  bars: [
    {
      seqId: 41,
      seqName: 'Isolation',
      step: 'Isolation Min',
      count: 3,
      percent: 100,
      cumulativePercent: 100,
    },
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

  it('names the chart after the pick its bars answer while the next pick loads', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(path('/user/product_list'), () => ok([F200, D900] as never)),
      http.get(path('/report/failures'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('product_id') !== '5') return ok(PARETO as never);
        await answered;
        return ok(D900_PARETO as never);
      }),
    );
    const user = userEvent.setup();
    renderApp('/report/failures', MANAGER);
    await screen.findByRole('img', { name: /^Failure Pareto, F-200, All tests/ }, SLOW);
    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'D-900' }));
    await user.click(screen.getByRole('combobox', { name: 'Test' }));
    await user.click(await screen.findByRole('option', { name: 'All tests' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findAllByLabelText('Loading')).not.toHaveLength(0);
    // F-200's bars are still drawn: the chart still says they are F-200's
    expect(screen.getByRole('img', { name: /failed runs by failing step/ })).toHaveAccessibleName(
      expect.stringMatching(/^Failure Pareto, F-200, All tests/),
    );
    release();
    const chart = await screen.findByRole('img', { name: /^Failure Pareto, D-900, All tests/ });
    expect(chart).toHaveAccessibleDescription('Isolation / Isolation Min: 3, cumulative 100.00 %');
    await waitFor(() => expect(screen.queryAllByLabelText('Loading')).toHaveLength(0));
  });
});
