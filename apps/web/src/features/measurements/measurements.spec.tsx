import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ActionId,
  CAPABILITY_REASONS,
  rangePresets,
  controlSeries,
  packSeries,
  reduceSeries,
  type CapabilityReport,
  type ControlChartReport,
  type PackedControlChart,
} from '@sweepline/domain';
import { columnsOf } from '@sweepline/domain/src/testing/control-fixtures';
import { browserToday, LIMITS_NOT_DRAWN } from '@sweepline/ui';
import { http } from 'msw';
import { recordDownloads } from '../../../test/downloads';
import { F200 } from '../../../test/product-fixtures';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';

/** The first screen waits for the lazily loaded chunk, slow on a busy machine. */
const SLOW = { timeout: 30_000 };

const CAPABILITY: CapabilityReport = {
  seqId: 31,
  seqName: 'Pass band',
  step: 'Gain',
  unit: 'dB',
  versions: [1, 2],
  lower: null,
  upper: 12,
  limitsChanged: true,
  notNumeric: 2,
  figures: {
    n: 5,
    mean: 3,
    sigmaOverall: 1.5811388300841898,
    sigmaWithin: 0.8865248226950355,
    cp: null,
    cpk: 3.384,
    pp: null,
    ppk: 1.8973665961010275,
    observedPercentOut: 0,
    expectedPpm: 0.0144,
    reason: null,
  },
  histogram: [{ from: 1, to: 12, count: 5 }],
};

const NO_BAND = { step: 'Gain', unit: 'dB', lower: null, upper: 12, band: null, own: null, plot: null };

function serve(capability: () => Response, traceBand: object = NO_BAND) {
  const asked: URL[] = [];
  server.use(
    http.get(path('/user/product_list'), () => ok([F200] as never)),
    http.get(path('/report/steps'), () => ok([{ title: 'Gain', unit: 'dB' }] as never)),
    http.get(path('/report/capability'), ({ request }) => {
      asked.push(new URL(request.url));
      return capability();
    }),
    http.get(path('/report/trace_band'), () => ok(traceBand as never)),
  );
  return asked;
}

describe('Capability', () => {
  it("opens on Last Month with the first test's first step, and shows the figures, '—' for Cp and Pp", async () => {
    const asked = serve(() => ok(CAPABILITY as never));
    renderApp('/report/capability', MANAGER);
    const table = await screen.findByRole('table', { name: 'Capability figures' }, SLOW);
    const [from, to] = rangePresets(browserToday())[3]!.range;
    expect(asked[0]!.searchParams.get('seq_id')).toBe('31');
    expect(asked[0]!.searchParams.get('step')).toBe('Gain');
    const row = (name: string) =>
      within(table).getByRole('row', { name: new RegExp(`^${name} `) }).textContent;
    expect(row('Cpk')).toBe('Cpk3.384');
    expect(row('Cp')).toBe('Cp—');
    expect(row('σ overall')).toBe('σ overall1.581');
    expect(
      screen.getByRole('img', {
        name: `Histogram of Gain values in dB with the spec limits and the fitted normal curve, ${from} to ${to}`,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/the limits changed in the range/)).toBeInTheDocument();
    expect(screen.getByText(/2 rows without a number left out/)).toBeInTheDocument();
    expect(await screen.findByText('No run of this step kept a trace in the range.')).toBeInTheDocument();
  });

  it("draws the band median's limit lines where the test's step puts them (issue 38)", async () => {
    const band = { freqsMhz: [800, 850, 900], median: [11, 11.2, 11.5], traces: 3, otherGrid: 0 };
    serve(() => ok(CAPABILITY as never), {
      ...NO_BAND,
      lower: 10,
      band: { ...band, p5: band.median, p95: band.median, min: band.median, max: band.median },
      plot: { actionId: ActionId.GainMin, startFreq_MHz: 820, stopFreq_MHz: 880 },
    });
    renderApp('/report/capability', MANAGER);
    const canvas = await screen.findByRole('img', { name: /Median of Gain/ }, SLOW);
    expect(canvas).not.toHaveAccessibleDescription(expect.stringContaining(LIMITS_NOT_DRAWN));
    // the band 820 - 880 MHz holds one point of the grid
    expect(canvas).toHaveAccessibleDescription(
      'Gain ≥ 10 dB: a line at 10 dB of |S21| at 850 MHz; below it fails. Gain ≤ 12 dB: a line at 12 dB of |S21| at 850 MHz; above it fails.',
    );
  });

  it('states the reason instead of indices', async () => {
    serve(() =>
      ok({
        ...CAPABILITY,
        figures: { ...CAPABILITY.figures, cpk: null, ppk: null, reason: CAPABILITY_REASONS.zeroSpread },
      } as never),
    );
    renderApp('/report/capability', MANAGER);
    expect(await screen.findByRole('status', {}, SLOW)).toHaveTextContent(CAPABILITY_REASONS.zeroSpread);
  });

  it('shows a refusal in place of the chart, the pickers still there', async () => {
    serve(() => refuse("No passed or failed runs of test 'Pass band' in the range", 400));
    renderApp('/report/capability', MANAGER);
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      "No passed or failed runs of test 'Pass band' in the range",
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(screen.queryByRole('table', { name: 'Capability figures' })).not.toBeInTheDocument();
  });
});

/** 6,000 points (beyond the decimation threshold), rule 1 broken at two of them. */
function controlReport(): ControlChartReport {
  const n = 6000;
  const points = Array.from({ length: n }, (_, i) => ({
    runId: 1000 + i,
    startMs: Date.UTC(2026, 9, 1) + i * 60_000,
    sn: `U-${i}`,
    value: i === 10 ? 19 : i === 5000 ? 1 : 10 + (i % 3) / 10,
    lower: null,
    upper: i < 3000 ? 12 : 12.5,
    version: i < 4000 ? 1 : 2,
  }));
  return {
    seqId: 31,
    seqName: 'Pass band',
    step: 'Gain',
    unit: 'dB',
    versions: [1, 2],
    lower: null,
    upper: 12.5,
    limitsChanged: true,
    notNumeric: 0,
    limits: {
      centre: 10.1,
      sigmaWithin: 0.2,
      lowerLimit: 9.5,
      upperLimit: 10.7,
      mrCentre: 0.23,
      mrUpperLimit: 0.74,
    },
    frozen: null,
    points: controlSeries(
      columnsOf(points),
      points.map((_, i) => (i === 10 || i === 5000 ? [1] : [])),
    ),
  };
}

describe('Control Chart', () => {
  it('lists each violation of the column-wise answer with its serial number linked to /tr', async () => {
    const report = controlReport();
    server.use(
      http.get(path('/user/product_list'), () => ok([F200] as never)),
      http.get(path('/report/steps'), () => ok([{ title: 'Gain', unit: 'dB' }] as never)),
      http.get(path('/report/control'), () => ok(report as never)),
    );
    renderApp('/report/control', MANAGER);
    const table = await screen.findByRole('table', { name: 'Rule violations' }, SLOW);
    expect(screen.getByRole('heading', { name: 'Rule violations (2)' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^1: One point beyond 3σ.*U-1019 dB$/),
      expect.stringMatching(/^1: One point beyond 3σ.*U-50001 dB$/),
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'U-5000' })).toHaveAttribute(
      'href',
      '/tr?sn=U-5000&run=6000',
    );
    expect(screen.getByText(/^6000 values in time order/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Individuals chart of Gain in dB/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Moving-range chart of Gain/ })).toBeInTheDocument();
  });

  it('asks for its plot width, says how many points it draws, zooms by asking again, and exports every point', async () => {
    const full = controlReport();
    // with a width the API packs the reply (chart-packing.ts)
    const { points, ...rest } = full;
    const packed = (keep: number[]): PackedControlChart => ({
      ...rest,
      packed: packSeries(reduceSeries(points, keep, 1600), points.values),
    });
    const sized = packed([0, 10, 2999, 5000, 5999]);
    const zoomed = packed([10, 11, 12]);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(path('/user/product_list'), () => ok([F200] as never)),
      http.get(path('/report/steps'), () => ok([{ title: 'Gain', unit: 'dB' }] as never)),
      http.get(path('/report/control'), ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        return ok((q.has('zoom_start') ? zoomed : q.has('width') ? sized : full) as never);
      }),
    );
    const saved = recordDownloads();
    renderApp('/report/control', MANAGER);
    expect(
      await screen.findByText(
        /^6000 values in time order, 5 drawn here \(each pixel column/,
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
    // jsdom has no layout: the plot width of a wide screen
    expect(asked.map((q) => [q.get('width'), q.get('zoom_start')])).toEqual([['1600', null]]);
    expect(screen.getByRole('heading', { name: 'Rule violations (2)' })).toBeInTheDocument();

    const from = screen.getByRole('slider', { name: 'Zoom from' });
    fireEvent.keyDown(from, { key: 'ArrowRight' });
    expect(await screen.findByText(/^6000 values in time order, 3 drawn here/)).toBeInTheDocument();
    expect(asked.at(-1)!.get('zoom_start')).toBe(String(full.points.times[10]));
    expect(asked.at(-1)!.get('zoom_stop')).toBe(String(full.points.times[5999]));
    await userEvent.click(screen.getByRole('button', { name: 'Whole range' }));
    expect(await screen.findByText(/5 drawn here/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked.at(-1)!.has('width')).toBe(false);
  });
});
