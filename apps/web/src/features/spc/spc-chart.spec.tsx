import {
  controlSeries,
  Role,
  SPC_MSG,
  type ControlChartReport,
  type FrozenLimits,
  type SpcAlarm,
} from '@sweepline/domain';
import { columnsOf } from '@sweepline/domain/src/testing/control-fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { F200 } from '../../../test/product-fixtures';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';

/** The first screen waits for the lazily loaded chunk, slow on a busy machine. */
const SLOW = { timeout: 30_000 };
const OPERATOR = { email: 'olive@acme.example', name: 'Olive', role: Role.Operator };
const EDITOR = { email: 'erin@acme.example', name: 'Erin', role: Role.Editor };

/**
 * The chart's reply: judged by the range's own limits (nothing breaks a rule), or with `frozen`
 * against the frozen limits, which the drift of the last ten points breaks (rule 4 from the eighth).
 */
function controlReport(frozen: FrozenLimits | null = null): ControlChartReport {
  const points = Array.from({ length: 40 }, (_, i) => ({
    runId: 1000 + i,
    startMs: Date.UTC(2026, 10, 1) + i * 60_000,
    sn: `U-${i}`,
    value: i >= 30 ? 10.2 : 10 + (i % 3) / 10,
    lower: null,
    upper: 12,
    version: 1,
  }));
  return {
    seqId: 31,
    seqName: 'Pass band',
    step: 'Gain',
    unit: 'dB',
    versions: [1],
    lower: null,
    upper: 12,
    limitsChanged: false,
    notNumeric: 0,
    limits: {
      centre: 10.1,
      sigmaWithin: 0.2,
      lowerLimit: 9.5,
      upperLimit: 10.7,
      mrCentre: 0.23,
      mrUpperLimit: 0.74,
    },
    frozen: frozen && { centre: frozen.centre, sigmaWithin: frozen.sigmaWithin },
    points: controlSeries(
      columnsOf(points),
      points.map((_, i) => (frozen && i >= 37 ? [4] : [])),
    ),
  };
}

const FROZEN: FrozenLimits = {
  productId: 4,
  seqId: 31,
  step: 'Gain',
  centre: 10.05,
  sigmaWithin: 0.1,
  lowerLimit: 9.75,
  upperLimit: 10.35,
  baselineValues: 40,
  baselineFrom: '2026-10-30T00:00:00.000Z',
  baselineTo: '2026-11-29T00:00:00.000Z',
  zoneOffset: 0,
  frozenAt: '2026-11-29T11:30:02.114Z',
  frozenBy: 17,
  frozenByName: 'Erin Editor',
};

const ALARM: SpcAlarm = {
  id: 7,
  productId: 4,
  seqId: 31,
  seqName: 'Pass band',
  step: 'Gain',
  state: 'open',
  openedAt: '2026-11-29T11:31:40.002Z',
  violationCount: 2,
  violations: [
    {
      runId: 1039,
      sn: 'U-39',
      startTime: '2026-11-01T00:39:00.000Z',
      value: 10.2,
      rules: [4],
      side: 'above',
      text: 'rule 4, eight points above the centre line',
    },
  ],
  acknowledgedAt: null,
  acknowledgedByName: null,
  note: null,
};

/** Serves the chart with `limits` frozen (or not) and `alarms` open; records the freeze's bodies. */
function serve(limits: FrozenLimits | null, alarms: SpcAlarm[] = [], freeze?: () => Response) {
  const frozen: unknown[] = [];
  // the API judges the chart against the limits frozen when it is asked
  let frozenNow = limits;
  const alarmQueries: Record<string, string>[] = [];
  server.use(
    http.get(path('/user/product_list'), () => ok([F200] as never)),
    http.get(path('/report/steps'), () => ok([{ title: 'Gain', unit: 'dB' }] as never)),
    http.get(path('/report/control'), () => ok(controlReport(frozenNow) as never)),
    http.get(path('/spc/limits'), () => ok({ limits: frozenNow })),
    http.get(path('/spc/alarms'), ({ request }) => {
      alarmQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return ok({ alarms, nextBeforeId: null });
    }),
    http.post(path('/spc/limits'), async ({ request }) => {
      frozen.push(await request.json());
      if (freeze) return freeze();
      frozenNow = FROZEN;
      return ok(FROZEN);
    }),
  );
  return { frozen, alarmQueries };
}

const limitsRegion = () => screen.findByRole('region', { name: 'Control limits' }, SLOW);

/** The freeze button once the step's limits are known: it keeps its place, disabled, until then. */
async function enabledFreezeButton(region: HTMLElement): Promise<HTMLElement> {
  const button = await within(region).findByRole('button', { name: 'Freeze limits from this range' }, SLOW);
  await waitFor(() => expect(button).toBeEnabled(), SLOW);
  return button;
}
/** Waits until the panel says the limits are computed from the range: its place is kept hidden until then. */
const computedLimitsShown = (region: HTMLElement) =>
  waitFor(
    () => expect(within(region).getByText('Limits computed from the range on screen')).toBeVisible(),
    SLOW,
  );
const violationsRegion = () => screen.findByRole('region', { name: 'Rule violations' }, SLOW);

describe('the Control Chart and production SPC (issue 41)', () => {
  it('says the limits are computed from the range on screen, and a manager freezes them after a confirmation', async () => {
    const { frozen } = serve(null);
    const { user } = renderApp('/report/control', MANAGER);
    const region = await limitsRegion();
    await computedLimitsShown(region);
    await user.click(await enabledFreezeButton(region));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze Limits' });
    expect(dialog).toHaveTextContent(/Freeze the control limits of Gain \(Pass band\) from the values of/);
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(frozen).toEqual([
      {
        seq_id: '31',
        step: 'Gain',
        start_time: expect.stringMatching(/^\d+$/),
        stop_time: expect.stringMatching(/^\d+$/),
        zone_offset: expect.stringMatching(/^-?\d+(\.\d+)?$/),
      },
    ]);
    expect(region).toHaveTextContent(
      /Limits frozen by Erin Editor on .*, from 40 values of 2026-10-30 to 2026-11-28/,
    );
    expect(region).toHaveTextContent('x̄ 10.05, LCL 9.75, UCL 10.35');
    // the chart is asked again: its rule points are now judged against the frozen limits
    const violations = await violationsRegion();
    await within(violations).findByText(/Judged against the frozen limits/);
    expect(within(violations).getByRole('heading')).toHaveTextContent('Rule violations (3)');
  });

  it("lists the reply's violations against the frozen limits, each naming its unit, and says so", async () => {
    serve(FROZEN, [ALARM]);
    renderApp('/report/control', MANAGER);
    const violations = await violationsRegion();
    await within(violations).findByText(
      'Judged against the frozen limits (orange; x̄ 10.05, σ within 0.1), as each run is judged at upload.',
      {},
      SLOW,
    );
    const rows = within(within(violations).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    rows.forEach((row, k) => {
      expect(row).toHaveTextContent('4: Eight consecutive points on the same side of the centre line');
      expect(row).toHaveTextContent(`U-${37 + k}`);
      expect(row).toHaveTextContent('10.2 dB');
    });
    expect(within(rows[2]!).getByRole('link', { name: 'U-39' })).toHaveAttribute(
      'href',
      '/tr?sn=U-39&run=1039',
    );
    expect(
      screen.getByText(/Red points break a Western Electric rule against the frozen limits/),
    ).toBeInTheDocument();
  });

  it("keeps the freeze button's and the limits' place while they are asked, claiming neither answer", async () => {
    serve(null);
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(path('/spc/limits'), async () => {
        await answered;
        return ok({ limits: null });
      }),
    );
    renderApp('/report/control', MANAGER);
    const region = await limitsRegion();
    const button = await within(region).findByRole('button', { name: 'Freeze limits from this range' }, SLOW);
    expect(button).toBeDisabled();
    expect(within(region).getByRole('status')).toHaveTextContent('Loading the control limits…');
    expect(within(region).getByText('Limits computed from the range on screen')).not.toBeVisible();
    answer!();
    await waitFor(() => expect(button).toBeEnabled(), SLOW);
    expect(within(region).getByText('Limits computed from the range on screen')).toBeVisible();
    expect(within(region).queryByRole('status')).toBeNull();
  });

  it('judges by the range on screen while the limits are not frozen, and says so', async () => {
    serve(null);
    renderApp('/report/control', MANAGER);
    const violations = await violationsRegion();
    await within(violations).findByText('Judged against the limits of the range on screen.', {}, SLOW);
    expect(within(violations).getByText('No point breaks a Western Electric rule.')).toBeInTheDocument();
  });

  it('lets an editor freeze, and not an operator, who reads whether they are frozen', async () => {
    serve(FROZEN);
    renderApp('/report/control', OPERATOR);
    const region = await limitsRegion();
    await within(region).findByText(/Limits frozen/, {}, SLOW);
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('offers an editor to freeze again over frozen limits, saying they are replaced', async () => {
    serve(FROZEN);
    const { user } = renderApp('/report/control', EDITOR);
    const region = await limitsRegion();
    await within(region).findByText(/Limits frozen/, {}, SLOW);
    await user.click(await enabledFreezeButton(region));
    expect(await screen.findByRole('dialog', { name: 'Freeze Limits' })).toHaveTextContent(
      'The limits frozen now are replaced',
    );
  });

  it("keeps the dialog open with the server's refusal, nothing frozen", async () => {
    serve(null, [], () => refuse(SPC_MSG.tooFewValues('Gain', 1)));
    const { user } = renderApp('/report/control', MANAGER);
    const region = await limitsRegion();
    await computedLimitsShown(region);
    await user.click(await enabledFreezeButton(region));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze Limits' });
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SPC_MSG.tooFewValues('Gain', 1));
    expect(region).toHaveTextContent('Limits computed from the range on screen');
  });

  it("marks the step's open alarm, with the way to acknowledge it, and none of another step's", async () => {
    const { alarmQueries } = serve(FROZEN, [{ ...ALARM, id: 8, step: 'Return Loss' }, ALARM]);
    renderApp('/report/control', MANAGER);
    const region = await limitsRegion();
    const alarm = await within(region).findByRole('alert', {}, SLOW);
    expect(alarm).toHaveTextContent('Open SPC alarm on Gain');
    expect(alarm).toHaveTextContent('2 violations; latest U-39: rule 4, eight points above the centre line');
    expect(within(alarm).getByRole('link', { name: 'Acknowledge it in SPC Alarms' })).toHaveAttribute(
      'href',
      '/report/alarms?product_id=4&seq_id=31&state=open',
    );
    expect(alarmQueries).toContainEqual({ seq_id: '31', state: 'open' });
  });
});
