import { FAIL_COLOR, MSG, PASS_COLOR, Role, Verdict, type RunReport, type SnReport } from '@sweepline/domain';
import { LIMITS_NOT_DRAWN } from '@sweepline/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { renderApp } from '../../../test/render';
import { serveRunSearch } from '../../../test/run-search';
import { ok, path, refuse, server } from '../../../test/server';
import { startBootCall } from '../../app/boot-calls';
import { TEXTS } from '../../app/texts';

const OPERATOR = { email: 'olive@acme.example', name: 'Olive', role: Role.Operator };
const SLOW = { timeout: 10_000 };

/** The narrow-gate warning of docs/measurements.md section 12, as a run carries it. */
const NARROW_GATE = 'Gate narrower than the Normal minimum of 5.6 ns: the gated trace is distorted';

const STEPS: RunReport['steps'] = [
  { title: 'Pass band', isHeader: true, lower: null, upper: null, value: null, unit: '', result: 1 },
  {
    title: 'Insertion Loss Max',
    isHeader: false,
    lower: null,
    upper: 1.5,
    value: 0.8199999928474426,
    unit: 'dB',
    result: 1,
  },
  {
    title: 'Return Loss',
    isHeader: false,
    lower: 15,
    upper: null,
    value: 12.3,
    unit: 'dB',
    result: 0,
    warnings: [NARROW_GATE],
  },
  { title: 'Is the label on?', isHeader: false, lower: null, upper: null, value: 'yes', unit: '', result: 1 },
];

const run = (over: Partial<RunReport>): RunReport => ({
  runId: 1,
  seqId: 31,
  snStageHistoryId: 88,
  runNo: 1,
  startTime: '2026-11-24T09:12:03.114Z',
  seqName: 'Pass band',
  seqVersion: 7,
  currentSeqVersion: 7,
  result: Verdict.Failed,
  userName: 'Olive',
  steps: STEPS,
  release: { no: 7, at: '2026-11-28T10:00:00Z', note: 'Tighter limits', newestNo: 7 },
  ...over,
});

const LATEST: SnReport = {
  sn: 'A-1',
  productId: 4,
  productName: 'F-200',
  reports: [
    run({ runId: 12, runNo: 2, startTime: '2026-11-24T10:00:00Z' }),
    run({
      runId: 7,
      seqId: 32,
      seqVersion: 3,
      currentSeqVersion: 5,
      seqName: 'Final',
      result: Verdict.Passed,
      userName: 'Runner',
      steps: [STEPS[1]!],
      release: { no: 5, at: '2026-11-20T10:00:00Z', note: 'Wider pass band', newestNo: 7 },
    }),
  ],
};
const ALL: SnReport = {
  ...LATEST,
  reports: [...LATEST.reports, run({ runId: 5, seqVersion: 2, result: Verdict.Aborted, release: null })],
};

afterEach(() => server.events.removeAllListeners());

/** The serial-number searches the screen asks, as path and query, in order. */
function recordedCalls(): () => string[] {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.includes('/report/sn'))
      calls.push(url.pathname.replace(/^\/webcyc\/api/, '') + url.search);
  });
  return () => calls;
}

function serve() {
  const asked: string[] = [];
  serveRunSearch((q) => {
    asked.push(`${q.get('sn')} ${q.get('is_all')}`);
    if (q.get('sn') !== 'A-1') return refuse(`Serial number ${q.get('sn')} not found`, 404);
    return [q.get('is_all') === '1' ? ALL : LATEST];
  });
  server.use(
    http.get(path('/runs/:id/traces'), ({ params }) =>
      ok(
        params['id'] === '12'
          ? [{ stepIndex: 1, freqs_MHz: [800, 900, 1000], values: [0.5, 0.82, 0.6] }]
          : ([] as never),
      ),
    ),
    http.get(path('/report/trace_band'), () =>
      ok({ step: 'Insertion Loss Max', unit: 'dB', lower: null, upper: 1.5, band: null, own: null } as never),
    ),
    http.get(path('/runs/:id/attachments'), ({ params }) =>
      ok(
        params['id'] === '12'
          ? [
              {
                id: 77,
                runId: 12,
                stepIndex: 2,
                kind: 'screenshot',
                fileName: 'RL.png',
                contentType: 'image/png',
                size: 4,
              },
            ]
          : ([] as never),
      ),
    ),
    http.get(path('/runs/12/attachments/77'), () =>
      HttpResponse.arrayBuffer(new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer, {
        headers: { 'content-type': 'image/png' },
      }),
    ),
  );
  return asked;
}

async function searchFor(user: ReturnType<typeof renderApp>['user'], sn: string) {
  const box = await screen.findByRole('textbox', { name: 'Serial number' }, SLOW);
  await user.clear(box);
  if (sn) await user.type(box, sn);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

const runRows = () =>
  within(screen.getByRole('table', { name: 'Runs' }))
    .getAllByRole('row')
    .slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('cell')
    .map((c) => c.textContent);

describe('Test Results (docs/requirements/results.md#screen, docs/requirements/results.md#calls, docs/requirements/errors-and-envelope.md#client-side-errors)', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:shot');
    URL.revokeObjectURL = jest.fn();
  });
  beforeEach(() => server.use(http.get(path('/report/latest'), () => ok([]))));

  it('lists the latest runs, the first selected and highlighted, with its steps', async () => {
    const asked = serve();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, ' A-1 ');
    expect(await screen.findByText(/of F-200/)).toHaveTextContent('A-1 of F-200: 2 runs');
    expect(asked).toEqual(['A-1 0']);
    expect(
      within(screen.getByRole('table', { name: 'Runs' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Test Name', 'Result', 'Operator', 'PDF', 'Release']);
    const rows = runRows();
    expect(cells(rows[0]!).slice(1, 4)).toEqual(['Pass band', 'Failed', 'Olive']);
    expect(cells(rows[1]!).slice(1, 4)).toEqual(['Final', 'Passed', 'Runner']);
    expect(cells(rows[0]!)[0]).toMatch(/^2026-11-24 \d\d:\d\d:00$/);
    expect(rows[0]).toHaveAttribute('aria-selected', 'true');
    expect(rows[1]).toHaveAttribute('aria-selected', 'false');
    expect(within(rows[1]!).getByText('Passed')).toHaveStyle({ color: PASS_COLOR });
    expect(within(rows[0]!).getByText('Failed')).toHaveStyle({ color: FAIL_COLOR });
  });

  it("shows each run's release, points out one of an older release, and says which came before releases (issue 39)", async () => {
    serve();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    await screen.findByRole('table', { name: 'Runs' });
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(runRows()).toHaveLength(3));
    const rows = runRows();
    expect(rows.map((row) => cells(row)[5])).toEqual([
      '7',
      '5older (newest 7)',
      'before releases (version 2)',
    ]);
    expect(within(rows[0]!).queryByRole('note')).toBeNull();
    // the line under the run's title (its note, inside it, starts alike)
    const detail = () => screen.getAllByText(/^(Release \d|Test version)/)[0]!;
    expect(detail()).toHaveTextContent(/^Release 7 · 2026-11-2[89] · Tighter limits$/);
    expect(screen.queryByText(/newest release is/)).toBeNull();
    await user.click(rows[1]!);
    await waitFor(() => expect(detail()).toHaveTextContent(/^Release 5 · 2026-11-2[01] · Wider pass band/));
    expect(within(detail()).getByRole('note')).toHaveTextContent(
      "Release 5 — the test's newest release is 7: its steps and limits may differ from this run’s.",
    );
    await user.click(rows[2]!);
    await waitFor(() => expect(detail()).toHaveTextContent(/^Test version 2 · before releases$/));
  });

  it('prints a step’s value and limits apart however close they are (issue 38)', async () => {
    serve();
    const close = {
      ...STEPS[1]!,
      title: 'Frequency',
      lower: 10000000,
      upper: 10000000.4,
      value: 10000000.2,
      unit: 'Hz',
    };
    serveRunSearch(() => [{ ...LATEST, reports: [run({ steps: [close] })] }]);
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    const steps = await screen.findByRole('table', { name: 'Test Steps' });
    expect(cells(within(steps).getAllByRole('row')[1]!)).toEqual([
      'Frequency',
      '10000000',
      '10000000.4',
      '10000000.2',
      'Hz',
      '',
    ]);
  });

  it('shows the steps with pass/fail icons in blue and red and headings as section rows', async () => {
    serve();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    const steps = await screen.findByRole('table', { name: 'Test Steps' });
    expect(
      within(steps)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Description', 'Lower', 'Upper', 'Value', 'Unit', 'Result']);
    const heading = within(steps).getByText('Pass band');
    expect(heading.tagName).toBe('TH');
    expect(heading).toHaveAttribute('colspan', '6');
    const rows = within(steps).getAllByRole('row').slice(2);
    expect(rows.map(cells)).toEqual([
      ['Insertion Loss Max', '', '1.5', '0.82', 'dB', ''],
      [`Return LossWarning: ${NARROW_GATE}`, '15', '', '12.3', 'dB', ''],
      ['Is the label on?', '', '', 'yes', '', ''],
    ]);
    expect(within(rows[0]!).getByRole('img', { name: 'Pass' })).toHaveAttribute('stroke', PASS_COLOR);
    expect(within(rows[1]!).getByRole('img', { name: 'Fail' })).toHaveAttribute('stroke', FAIL_COLOR);
  });

  it("shows a step's measurement warnings under its description, and none for other steps", async () => {
    serve();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    const steps = await screen.findByRole('table', { name: 'Test Steps' });
    const notes = within(steps).getAllByRole('note');
    expect(notes.map((n) => n.textContent)).toEqual([`Warning: ${NARROW_GATE}`]);
    expect(notes[0]!.closest('td')).toBe(within(steps).getByText('Return Loss').closest('td'));
  });

  it('selects another run by click or keyboard and shows its steps', async () => {
    serve();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    await screen.findByRole('table', { name: 'Runs' });
    await user.click(runRows()[1]!);
    expect(runRows()[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Final, run 1' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Test Steps' })).getAllByRole('row')).toHaveLength(2);
    runRows()[0]!.focus();
    await user.keyboard('{Enter}');
    expect(runRows()[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('switches between Latest and All, asking again', async () => {
    const asked = serve();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    await screen.findByRole('table', { name: 'Runs' });
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(runRows()).toHaveLength(3));
    expect(cells(runRows()[2]!)[2]).toBe('Aborted');
    expect(runRows()[0]).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('radio', { name: 'Latest' }));
    await waitFor(() => expect(runRows()).toHaveLength(2));
    expect(asked).toEqual(['A-1 0', 'A-1 1', 'A-1 0']);
  });

  it('does nothing for an empty search', async () => {
    const asked = serve();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, '   ');
    await searchFor(user, '');
    expect(asked).toEqual([]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an unknown serial number in a modal error alert with OK', async () => {
    serve();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'NOPE');
    const alert = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(alert).toHaveTextContent('Serial number NOPE not found');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'No internet' when the call gets no answer", async () => {
    serveRunSearch(() => HttpResponse.error());
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    expect(await screen.findByRole('dialog', { name: TEXTS.error })).toHaveTextContent(MSG.noInternet);
  });

  it('says so when the serial number has no runs', async () => {
    serveRunSearch(() => [{ ...LATEST, reports: [] }]);
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    expect(await screen.findByText(/no test results yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("draws the band of the test's other units behind the run's trace, p5-p95 or min-max", async () => {
    serve();
    const asked: string[] = [];
    server.use(
      http.get(path('/report/trace_band'), ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(`${q.get('seq_id')} ${q.get('step')} ${q.get('run_id')}`);
        return ok({
          step: 'Insertion Loss Max',
          unit: 'dB',
          lower: null,
          upper: 1.5,
          band: {
            freqsMhz: [800, 900, 1000],
            median: [0.5, 0.7, 0.55],
            p5: [0.4, 0.6, 0.5],
            p95: [0.6, 0.9, 0.7],
            min: [0.3, 0.5, 0.4],
            max: [0.7, 1.1, 0.8],
            traces: 40,
            otherGrid: 12,
          },
          own: { runId: 12, sn: 'A-1', values: [0.5, 0.82, 0.6] },
        } as never);
      }),
    );
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    const traces = await screen.findByRole('region', { name: 'Traces' });
    const canvas = await within(traces).findByRole('img', {
      name: "Trace of Insertion Loss Max in dB, over the band (p5-p95 of 40 traces) of the test's other units",
    });
    expect(asked).toEqual(['31 Insertion Loss Max 12']);
    const chart = () =>
      JSON.parse(canvas.getAttribute('data-chart')!).data.datasets as {
        label: string;
        data: { y: number }[];
      }[];
    expect(chart().map((d) => d.label)).toEqual([
      'Insertion Loss Max',
      LIMITS_NOT_DRAWN,
      'Band p5-p95 of 40 traces',
      'Band low edge',
      'Median',
    ]);
    expect(chart()[2]!.data.map((p) => p.y)).toEqual([0.6, 0.9, 0.7]);
    expect(
      within(traces).getByText(/12 more traces were measured at other frequencies and are not included/),
    ).toBeInTheDocument();
    await user.click(within(traces).getByText('min-max'));
    await waitFor(() => expect(chart()[2]!.data.map((p) => p.y)).toEqual([0.7, 1.1, 0.8]));
  });

  it('opens the run a Measurements link names, among all runs of the serial number', async () => {
    const asked = serve();
    renderApp('/tr?sn=A-1&run=5', OPERATOR);
    expect(await screen.findByRole('heading', { name: 'Pass band, run 1' })).toBeInTheDocument();
    expect(asked).toEqual(['A-1 1']);
    expect(screen.getByRole('textbox', { name: 'Serial number' })).toHaveValue('A-1');
  });

  describe("a link's runs asked as the app boots (issue 43)", () => {
    /** The app booting on `address` as main.tsx does, the login state answering `user`. */
    const bootOn = (address: string) => {
      window.history.replaceState(null, '', address);
      startBootCall(window.location, Promise.resolve(OPERATOR));
    };
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('asks them before the screen renders, and the screen takes that answer and opens the linked run', async () => {
      const asked = serve();
      bootOn('/tr?sn=%20A-1%20&run=5');
      await waitFor(() => expect(asked).toEqual(['A-1 1']));
      renderApp('/tr?sn=%20A-1%20&run=5', OPERATOR);
      expect(await screen.findByRole('heading', { name: 'Pass band, run 1' }, SLOW)).toBeInTheDocument();
      expect(asked).toEqual(['A-1 1']);
    });

    it('asks nothing at boot without a serial number in the address', async () => {
      const asked = serve();
      bootOn('/tr?run=5');
      await act(() => new Promise((settle) => setTimeout(settle, 100)));
      expect(asked).toEqual([]);
    });

    it('is not taken for another serial number: the screen asks for the one it shows', async () => {
      const asked = serve();
      bootOn('/tr?sn=A-1&run=5');
      await waitFor(() => expect(asked).toEqual(['A-1 1']));
      window.history.replaceState(null, '', '/tr?sn=B-2');
      renderApp('/tr?sn=B-2', OPERATOR);
      await waitFor(() => expect(asked).toEqual(['A-1 1', 'B-2 1']));
      expect(await screen.findByRole('dialog', {}, SLOW)).toHaveTextContent('Serial number B-2 not found');
    });
  });

  it("draws the run's traces, without limit lines where the run recorded no StepPlot (issue 38), and its screenshots", async () => {
    serve();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    const traces = await screen.findByRole('region', { name: 'Traces' });
    const canvas = within(traces).getByRole('img', { name: 'Trace of Insertion Loss Max in dB' });
    const { data } = JSON.parse(canvas.getAttribute('data-chart')!);
    // an upper limit of 1.5 dB drawn as given might sit on the wrong side of the trace
    expect(data.datasets.map((d: { label: string }) => d.label)).toEqual([
      'Insertion Loss Max',
      LIMITS_NOT_DRAWN,
    ]);
    expect(canvas).toHaveAccessibleDescription(`${LIMITS_NOT_DRAWN}.`);
    expect(data.datasets[0].data).toEqual([
      { x: 800, y: 0.5 },
      { x: 900, y: 0.82 },
      { x: 1000, y: 0.6 },
    ]);
    expect(within(traces).getByRole('button', { name: 'Reset zoom' })).toBeDisabled();
    await user.click(within(traces).getByRole('button', { name: 'Zoom in' }));
    const zoomed = JSON.parse(
      within(traces)
        .getByRole('img', { name: /Trace of/ })
        .getAttribute('data-chart')!,
    );
    expect(zoomed.options.scales.x).toMatchObject({ min: 850, max: 950 });
    expect(within(traces).getByRole('button', { name: 'Reset zoom' })).toBeEnabled();
    const shots = await screen.findByRole('region', { name: 'Screenshots' });
    expect(within(shots).getByRole('img', { name: 'Screenshot RL.png of Return Loss' })).toHaveAttribute(
      'src',
      'blob:shot',
    );
    await user.click(runRows()[1]!);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Traces' })).not.toBeInTheDocument());
  });

  /** Unit A-1's latest run failing Insertion Loss Max (`value` dB against ≤ 1.2 dB over 500-700 MHz), with this trace. */
  const serveFailingInsertionLoss = (value: number, freqs_MHz: number[], values: number[]) => {
    const plot = { actionId: 102, startFreq_MHz: 500, stopFreq_MHz: 700 };
    const failing = { ...STEPS[1]!, lower: null, upper: 1.2, value, result: 0 as const, plot };
    serveRunSearch(() => [{ ...LATEST, reports: [run({ runId: 12, steps: [STEPS[0]!, failing] })] }]);
    server.use(http.get(path('/runs/:id/traces'), () => ok([{ stepIndex: 1, freqs_MHz, values }] as never)));
  };

  it('draws a failing insertion-loss trace below its limit line, over the step’s band only, as an analyzer does', async () => {
    serve();
    // NEW-025 of issue 38: 1.54 dB of loss against 1.2 dB, |S21| about −1.5 dB in 500-700 MHz
    const freqs_MHz = Array.from({ length: 10 }, (_, i) => 100 + i * 100);
    const values = freqs_MHz.map((f) => (f >= 500 && f <= 700 ? -1.54 : -40));
    serveFailingInsertionLoss(1.54, freqs_MHz, values);
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    const traces = await screen.findByRole('region', { name: 'Traces' });
    const canvas = within(traces).getByRole('img', { name: 'Trace of Insertion Loss Max in dB' });
    const { data, options } = JSON.parse(canvas.getAttribute('data-chart')!);
    expect(data.datasets.map((d: { label: string }) => d.label)).toEqual([
      'Insertion Loss Max',
      'Insertion loss ≤ 1.2 dB',
    ]);
    expect(data.datasets[1]).toMatchObject({
      data: [
        { x: 500, y: -1.2 },
        { x: 700, y: -1.2 },
      ],
      fill: 'start',
    });
    expect(canvas).toHaveAccessibleDescription(
      'Insertion loss ≤ 1.2 dB: a line at -1.2 dB of |S21| from 500 to 700 MHz; below it fails.',
    );
    const inBand = data.datasets[0].data.filter((p: { x: number }) => p.x >= 500 && p.x <= 700);
    expect(inBand.every((p: { y: number }) => p.y < -1.2)).toBe(true);
    expect(options.scales.x).toMatchObject({ min: 480, max: 720 });
    expect(options.scales.y).toMatchObject({ title: { text: '|S21| (dB)' } });
    // scaled to the trace in the band and its line, not to the −40 dB outside it
    expect(options.scales.y.min).toBeLessThan(-1.54);
    expect(options.scales.y.max).toBeGreaterThan(-1.2);
    expect(options.scales.y.max - options.scales.y.min).toBeLessThan(1);
  });

  it('thins a 1601-point trace to its plot’s width, keeping each column’s extremes and the failing points, and thins again on a resize', async () => {
    serve();
    // a plot 150 pixels wide, then 400 after a resize (jsdom lays nothing out)
    let width = 150;
    const resized: (() => void)[] = [];
    jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(
        () => ({ width, height: 280, x: 0, y: 0, top: 0, left: 0, right: width, bottom: 280 }) as DOMRect,
      );
    const observer = window.ResizeObserver;
    window.ResizeObserver = class {
      constructor(private readonly callback: () => void) {}
      observe() {
        resized.push(this.callback);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      // 300-1100 MHz in 0.5 MHz steps; |S21| near -1 dB in the 500-700 MHz band, failing at five points
      const freqs_MHz = Array.from({ length: 1601 }, (_, i) => 300 + i * 0.5);
      const failingAt = new Set([450, 451, 600, 700, 790]);
      const values = freqs_MHz.map((f, i) =>
        failingAt.has(i) ? -1.25 - i / 10_000 : (f >= 500 && f <= 700 ? -1 : -40) + 0.05 * Math.sin(i * 1.7),
      );
      serveFailingInsertionLoss(1.33, freqs_MHz, values);
      const { user } = renderApp('/tr', OPERATOR);
      await searchFor(user, 'A-1');
      const traces = await screen.findByRole('region', { name: 'Traces' });
      const drawn = () => {
        const canvas = within(traces).getByRole('img', { name: 'Trace of Insertion Loss Max in dB' });
        return (
          JSON.parse(canvas.getAttribute('data-chart')!).data.datasets[0].data as { x: number; y: number }[]
        ).map((p) => freqs_MHz.indexOf(p.x));
      };
      // the first view (480-720 MHz: 481 points and one each side) in 150 columns
      const thin = drawn();
      expect(thin.length).toBeLessThanOrEqual(2 * 150 + 2);
      expect(thin[0]).toBe(359);
      expect(thin.at(-1)).toBe(841);
      // each failing point's column (about 3.2 points) keeps a point as deep; the worst is kept exactly
      for (const i of failingAt)
        expect(thin.some((k) => Math.abs(k - i) <= 3 && values[k]! <= values[i]!)).toBe(true);
      expect(thin).toContain(790);
      const inView = Array.from({ length: 841 - 359 + 1 }, (_, k) => 359 + k);
      expect(Math.min(...thin.map((i) => values[i]!))).toBe(Math.min(...inView.map((i) => values[i]!)));
      expect(Math.max(...thin.map((i) => values[i]!))).toBe(Math.max(...inView.map((i) => values[i]!)));
      // 400 pixels hold the view's 483 points two a column: every one of them, from the whole trace
      width = 400;
      act(() => resized.forEach((callback) => callback()));
      await waitFor(() => expect(drawn()).toEqual(inView));
    } finally {
      window.ResizeObserver = observer;
      jest.restoreAllMocks();
    }
  });

  it('lists the account’s latest runs before a search, each one click from its detail (issue 38)', async () => {
    const asked = serve();
    const latest = [
      {
        runId: 12,
        sn: 'A-1',
        productId: 4,
        productName: 'F-200',
        seqName: 'Pass band',
        result: Verdict.Failed,
        startTime: '2026-11-24T10:00:00Z',
        release: null,
      },
      {
        runId: 7,
        sn: 'A-1',
        productId: 4,
        productName: 'F-200',
        seqName: 'Final',
        result: Verdict.Passed,
        startTime: '2026-11-24T09:00:00Z',
        release: null,
      },
    ];
    server.use(http.get(path('/report/latest'), () => ok(latest)));
    const { user } = renderApp('/tr', OPERATOR);
    const table = await screen.findByRole('table', { name: 'Latest runs' }, SLOW);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Product', 'Test Name', 'Serial number', 'Result']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[1]!).slice(1)).toEqual(['F-200', 'Final', 'A-1', 'Passed']);
    expect(within(rows[0]!).getByText('Failed')).toHaveStyle({ color: FAIL_COLOR });
    await user.click(within(rows[1]!).getByRole('link', { name: 'A-1' }));
    expect(await screen.findByRole('heading', { name: 'Final, run 1' })).toBeInTheDocument();
    expect(asked).toEqual(['A-1 1']);
    expect(screen.queryByRole('table', { name: 'Latest runs' })).not.toBeInTheDocument();
  });

  it('shows a refused list of latest runs in an error alert, and searches still work', async () => {
    serve();
    server.use(http.get(path('/report/latest'), () => refuse('Too many requests', 429)));
    const { user } = renderApp('/tr', OPERATOR);
    const alert = await screen.findByRole('dialog', { name: TEXTS.error }, SLOW);
    expect(alert).toHaveTextContent('Too many requests');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await searchFor(user, 'A-1');
    expect(await screen.findByRole('table', { name: 'Runs' })).toBeInTheDocument();
  });

  it('shows every product’s runs of a serial number in two products, each under its name (issue 38)', async () => {
    serve();
    const ca300: SnReport = {
      sn: 'A-1',
      productId: 9,
      productName: 'CA-300',
      reports: [run({ runId: 40, seqId: 90, seqName: 'Coupler', result: Verdict.Failed })],
    };
    serveRunSearch(() => [ca300, LATEST]);
    const calls = recordedCalls();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    expect(await screen.findByText(/is in 2 products/)).toHaveTextContent(
      'A-1 is in 2 products: CA-300, F-200. Each product’s runs are listed under its name.',
    );
    expect(
      within(screen.getByRole('region', { name: 'Runs in CA-300' })).getByText('1 run'),
    ).toBeInTheDocument();
    const ca = screen.getByRole('table', { name: 'Runs in CA-300' });
    const f200 = screen.getByRole('table', { name: 'Runs in F-200' });
    expect(
      within(ca)
        .getAllByRole('row')
        .slice(1)
        .map((r) => cells(r)[1]),
    ).toEqual(['Coupler']);
    expect(
      within(f200)
        .getAllByRole('row')
        .slice(1)
        .map((r) => cells(r)[1]),
    ).toEqual(['Pass band', 'Final']);
    // the product tested last comes first, its newest run selected
    expect(screen.getByRole('heading', { name: 'CA-300: Coupler, run 1' })).toBeInTheDocument();
    await user.click(within(f200).getAllByRole('row')[2]!);
    expect(screen.getByRole('heading', { name: 'F-200: Final, run 1' })).toBeInTheDocument();
    expect(within(ca).getAllByRole('row')[1]).toHaveAttribute('aria-selected', 'false');
    // the spec's call said two products hold it: then every product's runs were asked
    expect(calls()).toEqual(['/report/sn?sn=A-1&is_all=0', '/report/sn/products?sn=A-1&is_all=0']);
  });

  it("asks the spec's GET /report/sn alone for a serial number of one product", async () => {
    serve();
    const calls = recordedCalls();
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    await screen.findByRole('table', { name: 'Runs' });
    expect(calls()).toEqual(['/report/sn?sn=A-1&is_all=0']);
  });

  it('downloads the PDF of a run, named by serial number and test name', async () => {
    serve();
    let query: URLSearchParams | undefined;
    server.use(
      http.get(path('/report/pdf'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return new HttpResponse('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="A-1 Final.pdf"; filename*=UTF-8''A-1%20Final.pdf`,
          },
        });
      }),
    );
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    await user.click(await screen.findByRole('button', { name: 'Download PDF of Final run 1' }));
    await waitFor(() => expect(clicked).toEqual(['A-1 Final.pdf']));
    expect(Object.fromEntries(query!)).toMatchObject({
      seq_id: '32',
      sn: 'A-1',
      sn_stage_history_id: '88',
      run_no: '1',
    });
    expect(Number(query!.get('zone_offset'))).toBeCloseTo(
      -new Date('2026-11-24T09:12:03.114Z').getTimezoneOffset() / 60,
    );
    // the selection stays where it was
    expect(runRows()[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a refused PDF in an error alert', async () => {
    serve();
    server.use(http.get(path('/report/pdf'), () => refuse('Run not found', 404)));
    const { user } = renderApp('/tr', OPERATOR);
    await searchFor(user, 'A-1');
    await user.click(await screen.findByRole('button', { name: 'Download PDF of Pass band run 2' }));
    expect(await screen.findByRole('dialog', { name: TEXTS.error })).toHaveTextContent('Run not found');
  });
});
