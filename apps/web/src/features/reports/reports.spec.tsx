import { screen, waitFor, within } from '@testing-library/react';
import { dayRange, defaultReportRange, rangePresets, type ProductListItem } from '@sweepline/domain';
import { browserToday, browserZoneOffset } from '@sweepline/ui';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { REPORT_TEXTS } from './ReportScreen';

const F200: ProductListItem = {
  id: 4,
  name: 'F-200',
  model: 'M1',
  info: '',
  seqs: [
    { id: 31, name: 'Pass band', stageNo: 1, testNo: 1 },
    { id: 32, name: 'Stop band', stageNo: 1, testNo: 2 },
  ],
};
const EMPTY: ProductListItem = { id: 5, name: 'No tests', model: '', info: '', seqs: [] };
const G7: ProductListItem = {
  id: 6,
  name: 'G-7',
  model: '',
  info: '',
  seqs: [{ id: 40, name: 'Match', stageNo: 2, testNo: 1 }],
};

/** The URL of each report call, in order. */
function answer(list: ProductListItem[], rows: unknown[] = []) {
  const asked: URL[] = [];
  const record = ({ request }: { request: Request }) => {
    asked.push(new URL(request.url));
    return ok(rows as never);
  };
  server.use(
    http.get(path('/user/product_list'), () => ok(list as never)),
    http.get(path('/report/daily_test_unit_count'), record),
    http.get(path('/report/daily_pass_rate'), record),
    http.get(path('/report/sn_pass_yield'), record),
  );
  return asked;
}

/** What the chart stand-in (libs/ui/test) was given. */
function chartOf(name: string) {
  const canvas = screen.getByRole('img', { name });
  return { type: canvas.dataset['chartType'], ...JSON.parse(canvas.dataset['chart']!) };
}

const today = () => browserToday();
const yesterday = () => defaultReportRange(today());
const rangeQuery = (days: [string, string]) => {
  const r = dayRange(days[0], days[1], browserZoneOffset());
  return {
    start_time: String(r.start_time),
    stop_time: String(r.stop_time),
    zone_offset: String(browserZoneOffset()),
  };
};
/** The first screen waits for the lazily loaded report chunk, slow on a busy machine. */
const SLOW = { timeout: 10_000 };
const paramsOf = (u: URL) => Object.fromEntries(u.searchParams.entries());

describe('Daily Tested Units', () => {
  it('starts on All and yesterday, and draws the answer as bars once the products arrive', async () => {
    const asked = answer(
      [F200],
      [
        { date: '2026-11-20', count: 3 },
        { date: '2026-11-21', count: 0 },
      ],
    );
    renderApp('/report/daily-test', MANAGER);
    const [y] = yesterday();
    const label = `Daily Tested Units, All, ${y} -- ${y}`;
    const chart = chartOf(
      (await screen.findByRole('img', { name: label }, SLOW)).getAttribute('aria-label')!,
    );
    expect(paramsOf(asked[0]!)).toEqual({ product_id: '-1', ...rangeQuery(yesterday()) });
    expect(chart.type).toBe('bar');
    expect(chart.data.labels).toEqual(['2026-11-20', '2026-11-21']);
    expect(chart.data.datasets).toEqual([
      expect.objectContaining({ label, data: [3, 0], maxBarThickness: 50 }),
    ]);
    expect(chart.options.scales.y).toEqual(expect.objectContaining({ min: 0, suggestedMax: 10 }));
    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveValue('All');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(screen.queryByRole('combobox', { name: 'Test' })).not.toBeInTheDocument();
  });

  it('applies a product and a preset range', async () => {
    const asked = answer([F200], [{ date: '2026-11-20', count: 1 }]);
    const { user } = renderApp('/report/daily-test', MANAGER);
    await waitFor(() => expect(asked).toHaveLength(1), SLOW);
    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'F-200' }));
    await user.click(screen.getByRole('button', { name: 'Dates' }));
    await user.click(await screen.findByRole('button', { name: 'Last Week' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    const week = rangePresets(today())[2]!.range;
    expect(paramsOf(asked[1]!)).toEqual({ product_id: '4', ...rangeQuery(week) });
    expect(
      await screen.findByRole('img', { name: `Daily Tested Units, F-200, ${week[0]} -- ${week[1]}` }),
    ).toBeInTheDocument();
  });

  it('exports the chart as CSV', async () => {
    answer(
      [F200],
      [
        { date: '2026-11-20', count: 3 },
        { date: '2026-11-21', count: 0 },
      ],
    );
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    };
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/report/daily-test', MANAGER);
    await screen.findByRole('img', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await saved[0]!.text()).toBe('Date,Tested Units\r\n2026-11-20,3\r\n2026-11-21,0\r\n');
  });

  it('shows a failed call in an alert with an OK button', async () => {
    server.use(
      http.get(path('/user/product_list'), () => ok([F200] as never)),
      http.get(path('/report/daily_test_unit_count'), () =>
        refuse('stop_time: A report covers at most 400 days'),
      ),
    );
    const { user } = renderApp('/report/daily-test', MANAGER);
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('stop_time: A report covers at most 400 days')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('tells a failed product list as No internet', async () => {
    server.use(http.get(path('/user/product_list'), () => new Response(null, { status: 500 })));
    renderApp('/report/daily-test', MANAGER);
    expect(
      await within(await screen.findByRole('dialog', {}, SLOW)).findByText('No internet'),
    ).toBeInTheDocument();
  });
});

describe.each([
  ['/report/daily-pass-rate', 'Daily Pass Rate', '/report/daily_pass_rate', {}],
  ['/report/ftpy', 'First Time Pass Yield', '/report/sn_pass_yield', { is_first: '1' }],
  ['/report/tpy', 'Throughput Yield', '/report/sn_pass_yield', { is_first: '0' }],
])('%s', (url, title, call, extra) => {
  it('starts on the first product and its first test, and draws a 0-100 % line', async () => {
    const asked = answer([F200, G7], [{ date: '2026-11-20', passRate: 66.67 }]);
    renderApp(url, MANAGER);
    const [y] = yesterday();
    const label = `${title}, F-200, Pass band, ${y} -- ${y}`;
    await screen.findByRole('img', { name: label }, SLOW);
    expect(asked[0]!.pathname).toBe(path(call));
    expect(paramsOf(asked[0]!)).toEqual({ seq_id: '31', ...rangeQuery(yesterday()), ...extra });
    const chart = chartOf(label);
    expect(chart.type).toBe('line');
    expect(chart.data).toEqual({
      labels: ['2026-11-20'],
      datasets: [expect.objectContaining({ label, data: [66.67] })],
    });
    expect(chart.options.scales.y).toEqual(expect.objectContaining({ min: 0, max: 100 }));
    expect(screen.getByRole('combobox', { name: 'Test' })).toHaveValue('Pass band');
  });

  it('resets the test when the product changes, and Apply needs a test', async () => {
    const asked = answer([F200, EMPTY, G7], []);
    const { user } = renderApp(url, MANAGER);
    await waitFor(() => expect(asked).toHaveLength(1), SLOW);
    expect(await screen.findByText(REPORT_TEXTS.noRates, {}, SLOW)).toBeInTheDocument();
    const product = screen.getByRole('combobox', { name: 'Product' });
    expect(screen.queryByRole('option', { name: 'All' })).not.toBeInTheDocument();

    await user.click(product);
    await user.click(await screen.findByRole('option', { name: 'No tests' }));
    expect(screen.getByRole('combobox', { name: 'Test' })).toHaveValue('');
    expect(screen.getByText(REPORT_TEXTS.noTests)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();

    await user.click(product);
    await user.click(await screen.findByRole('option', { name: 'G-7' }));
    expect(screen.getByRole('combobox', { name: 'Test' })).toHaveValue('Match');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]!.searchParams.get('seq_id')).toBe('40');
  });

  it('loads nothing without products, with Apply disabled', async () => {
    const asked = answer([], []);
    renderApp(url, MANAGER);
    expect(await screen.findByText(REPORT_TEXTS.noProducts, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(asked).toHaveLength(0);
  });

  it('does not load when the first product has no test', async () => {
    const asked = answer([EMPTY, F200], []);
    renderApp(url, MANAGER);
    expect(await screen.findByText(REPORT_TEXTS.noTests, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(asked).toHaveLength(0);
  });
});
