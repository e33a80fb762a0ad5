import {
  ORIGIN_MSG,
  Role,
  type ContainmentAnswer,
  type ContainmentUnit,
  type InstrumentDetail,
  type InstrumentRow,
  type ProductListItem,
} from '@sweepline/domain';
import { browserToday } from '@sweepline/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { recordDownloads, serveCsv } from '../../../test/downloads';
import { ok, path, refuse, server } from '../../../test/server';
import { defaultRange } from './containment-filters';

const SLOW = { timeout: 10_000 };
const OPERATOR = { email: 'olive@acme.example', name: 'Olive', role: Role.Operator };

const ANALYZER: InstrumentRow = {
  id: 5,
  role: 'network_analyzer',
  vendor: 'Keysight Technologies',
  model: 'E5071C',
  serial: 'MY46107723',
  firmware: 'A.11.20',
  resource: 'TCPIP0::10.0.0.5::inst0::INSTR',
  lastStation: 'LAB-PC-3',
  lastUsedAt: '2026-11-28T09:00:00.000Z',
  certificate: null,
  state: 'unknown',
  daysLeft: null,
};
const PIM: InstrumentRow = { ...ANALYZER, id: 6, role: 'pim_analyzer', model: 'PIM-1', serial: 'PX-9' };

const DETAIL: InstrumentDetail = {
  ...ANALYZER,
  certificates: [],
  calibrations: [
    {
      id: 12,
      kind: 'ecal',
      ecalSerial: 'N4691-7',
      ports: '1-2',
      startMHz: 700,
      stopMHz: 2700,
      madeAt: '2026-11-20T08:00:00.000Z',
      madeBy: 'Olive',
      instrumentId: 5,
    },
  ],
};

const PRODUCTS: ProductListItem[] = [
  {
    id: 4,
    name: 'F-200',
    model: '',
    info: '',
    seqs: [
      { id: 31, name: 'Pass band', stageNo: 1, testNo: 1 },
      { id: 33, name: 'Return loss', stageNo: 1, testNo: 2 },
      { id: 32, name: 'Final', stageNo: 2, testNo: 1 },
    ],
  },
  { id: 7, name: 'D-900', model: '', info: '', seqs: [{ id: 41, name: 'Isolation', stageNo: 1, testNo: 1 }] },
];

const run = (runId: number, over: Partial<ContainmentUnit['runs'][number]> = {}) => ({
  runId,
  runNo: runId - 100,
  seqName: 'Pass band',
  startTime: '2026-11-27T10:15:00.000Z',
  result: 1 as const,
  station: 'LAB-PC-3',
  operator: 'Olive',
  ...over,
});

const UNITS: ContainmentUnit[] = [
  {
    snId: 901,
    sn: 'F2-0001',
    productId: 4,
    productName: 'F-200',
    stageNo: 2,
    finished: false,
    runs: [run(101), run(102, { seqName: 'Final', result: 0, station: null })],
  },
  {
    snId: 902,
    sn: 'F2-0002',
    productId: 4,
    productName: 'F-200',
    stageNo: null,
    finished: true,
    runs: [run(103)],
  },
  {
    snId: 903,
    sn: 'D9-0001',
    productId: 7,
    productName: 'D-900',
    stageNo: 1,
    finished: false,
    runs: [run(104)],
  },
];

const answer = (units: ContainmentUnit[], over: Partial<ContainmentAnswer> = {}): ContainmentAnswer => ({
  units,
  runCount: units.reduce((n, u) => n + u.runs.length, 0),
  truncated: false,
  ...over,
});

/** Serves Containment's calls; GET /containment answers `answers` in turn, and each query is kept. */
function serve(answers: (ContainmentAnswer | 'refuse')[]) {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get(path('/instruments'), () => ok([ANALYZER, PIM])),
    http.get(path('/instruments/5'), () => ok(DETAIL)),
    http.get(path('/user/product_list'), () => ok(PRODUCTS)),
    http.get(path('/containment'), ({ request }) => {
      asked.push(Object.fromEntries(new URL(request.url).searchParams));
      const next = answers[Math.min(asked.length, answers.length) - 1]!;
      return next === 'refuse' ? refuse(ORIGIN_MSG.rangeTooLong) : ok(next);
    }),
  );
  return asked;
}

const table = () => screen.findByRole('table', { name: 'Units' }, SLOW);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const combobox = (name: string) => screen.getByRole('combobox', { name });

describe('Containment (issue 40, docs/web.md "Containment")', () => {
  it('searches what the URL names, and a new search changes the URL and asks again', async () => {
    const asked = serve([answer(UNITS)]);
    const { user, router } = renderApp(
      '/containment?instrument_id=5&calibration_id=12&station=LAB-PC-3&operator=Olive&from=2026-11-01&to=2026-11-28',
      MANAGER,
    );
    await table();
    expect(asked).toEqual([
      {
        instrument_id: '5',
        calibration_id: '12',
        station: 'LAB-PC-3',
        operator: 'Olive',
        from: '2026-11-01',
        to: '2026-11-28',
      },
    ]);
    expect(combobox('Instrument')).toHaveValue('E5071C, MY46107723');
    await waitFor(() =>
      expect((combobox('Calibration') as HTMLInputElement).value).toMatch(
        /^#12, ECal, module N4691-7, Ports 1-2, 2026-11-2\d \d\d:00:00 by Olive$/,
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Station' })).toHaveValue('LAB-PC-3');
    expect(screen.getByRole('textbox', { name: 'Operator' })).toHaveValue('Olive');
    // another instrument drops the calibration; the texts are trimmed, an emptied one dropped
    await user.click(combobox('Instrument'));
    await user.click(await screen.findByRole('option', { name: 'PIM-1, PX-9' }));
    expect(combobox('Calibration')).toHaveValue('');
    await user.clear(screen.getByRole('textbox', { name: 'Station' }));
    await user.clear(screen.getByRole('textbox', { name: 'Operator' }));
    await user.type(screen.getByRole('textbox', { name: 'Operator' }), '  Olive Smith ');
    // nothing is asked before Search
    expect(asked).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?instrument_id=6&operator=Olive+Smith&from=2026-11-01&to=2026-11-28',
      ),
    );
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        instrument_id: '6',
        operator: 'Olive Smith',
        from: '2026-11-01',
        to: '2026-11-28',
      }),
    );
  });

  it('opens on the last 90 days, and a link from the Instruments screen searches at once', async () => {
    const asked = serve([answer(UNITS)]);
    renderApp('/containment?instrument_id=5', MANAGER);
    await table();
    expect(asked).toEqual([{ instrument_id: '5', ...defaultRange(browserToday()) }]);
    expect(defaultRange('2026-11-29')).toEqual({ from: '2026-09-01', to: '2026-11-29' });
  });

  it('asks for a criterion, and searches nothing without one', async () => {
    const asked = serve([answer(UNITS)]);
    const { user, router } = renderApp('/containment?station=%20&instrument_id=abc', MANAGER);
    expect(await screen.findByRole('status', {}, SLOW)).toHaveTextContent(ORIGIN_MSG.oneCriterion);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORIGIN_MSG.oneCriterion);
    expect(router.state.location.search).toBe('?station=%20&instrument_id=abc');
    // typing a criterion takes the message away
    await user.type(screen.getByRole('textbox', { name: 'Station' }), 'LAB-PC-3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('lists each unit with its product, its stage now and its runs, under a count line', async () => {
    serve([answer(UNITS)]);
    renderApp('/containment?station=LAB-PC-3', MANAGER);
    const rows = within(await table()).getAllByRole('row');
    expect(screen.getByText('3 units, 4 runs')).toBeInTheDocument();
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      '',
      'Serial number',
      'Product',
      'Status now',
      'Run',
      'Test',
      'Started',
      'Result',
      'Station',
      'Operator',
    ]);
    // a unit's cells span its runs
    expect(cells(rows[1]!)).toEqual([
      '',
      'F2-0001',
      'F-200',
      'Stage 2',
      '1',
      'Pass band',
      expect.stringMatching(/^2026-11-27 \d\d:15:00$/),
      'Passed',
      'LAB-PC-3',
      'Olive',
    ]);
    expect(cells(rows[2]!)).toEqual(['2', 'Final', expect.any(String), 'Failed', '—', 'Olive']);
    expect(cells(rows[3]!).slice(1, 4)).toEqual(['F2-0002', 'F-200', 'Finished']);
    expect(screen.getByRole('link', { name: 'Run 2 of F2-0001' })).toHaveAttribute(
      'href',
      '/tr?sn=F2-0001&run=102',
    );
    expect(screen.queryByText(/runs matched/)).toBeNull();
  });

  it('says when the list stops short, and what was searched when nothing matched', async () => {
    serve([answer(UNITS, { runCount: 5000, truncated: true }), answer([])]);
    const { user } = renderApp('/containment?instrument_id=5&from=2026-11-01&to=2026-11-28', MANAGER);
    await table();
    expect(screen.getByText('3 units, 5,000 runs')).toBeInTheDocument();
    expect(
      screen.getByText(
        'More than 5,000 runs matched: the first 5,000 are listed. Narrow the range, or download the CSV, which has them all.',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Operator' }), 'Olive');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText(
        'No unit was measured with Keysight Technologies E5071C, serial number MY46107723, by operator Olive, from 2026-11-01 to 2026-11-28.',
      ),
    ).toBeInTheDocument();
    // nothing to count, choose or download
    expect(screen.queryByText('0 units, 0 runs')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Units' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('shows a refused search in an alert', async () => {
    serve(['refuse']);
    renderApp('/containment?station=LAB-PC-3&from=2020-01-01&to=2026-11-28', MANAGER);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Containment could not be searched');
    expect(alert).toHaveTextContent(ORIGIN_MSG.rangeTooLong);
  });

  it('downloads the CSV of the same search under the server’s name', async () => {
    serve([answer(UNITS)]);
    const asked = serveCsv('/containment/csv', 'containment-2026-11-28.csv');
    const clicked = recordDownloads();
    const { user } = renderApp('/containment?station=LAB-PC-3&from=2026-11-01&to=2026-11-28', MANAGER);
    await table();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['containment-2026-11-28.csv']));
    expect(asked.query).toEqual({ station: 'LAB-PC-3', from: '2026-11-01', to: '2026-11-28' });
  });

  it('sends the chosen units of one product back to a stage after a confirmation, then reads again', async () => {
    const moved = answer([
      { ...UNITS[0]!, stageNo: 1 },
      { ...UNITS[1]!, stageNo: 1, finished: false },
      UNITS[2]!,
    ]);
    const asked = serve([answer(UNITS), moved]);
    const bodies: unknown[] = [];
    server.use(
      http.post(path('/containment/retest'), async ({ request }) => {
        bodies.push(await request.json());
        return ok({ moved: 2 });
      }),
    );
    const { user } = renderApp('/containment?station=LAB-PC-3', MANAGER);
    await table();
    const send = screen.getByRole('button', { name: 'Send back for retest' });
    expect(send).toBeDisabled();
    // all units span two products: one product at a time
    await user.click(screen.getByRole('checkbox', { name: 'Choose all units' }));
    expect(
      screen.getByText('The chosen units are of 2 products (F-200, D-900): send back one product at a time.'),
    ).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Choose D9-0001' }));
    expect(screen.getByRole('checkbox', { name: 'Choose all units' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    expect(screen.getByText('2 of 3 units chosen')).toBeInTheDocument();
    expect(combobox('Back to stage')).toHaveValue('Stage 1: Pass band, Return loss');
    await user.click(combobox('Back to stage'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Stage 1: Pass band, Return loss',
      'Stage 2: Final',
    ]);
    await user.click(screen.getByRole('option', { name: 'Stage 1: Pass band, Return loss' }));
    await user.click(send);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent(
      'Send 2 units of F-200 back to stage 1 for retest? Each starts that stage again, and its stage history records it.',
    );
    // Cancel sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodies).toEqual([]);
    await user.click(send);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm' })).getByRole('button', {
        name: 'Send back',
      }),
    );
    await waitFor(() => expect(bodies).toEqual([{ sn_ids: [901, 902], stage_no: 1 }]));
    expect(await screen.findByText('2 units sent back to stage 1 for retest.')).toBeInTheDocument();
    // the results are read again: the units' stage now, nothing chosen
    await waitFor(() => expect(asked).toHaveLength(2));
    const rows = within(await table()).getAllByRole('row');
    await waitFor(() => expect(cells(rows[3]!)[3]).toBe('Stage 1'));
    // the choice is cleared by the render after the one that shows the new rows
    expect(await screen.findByText('0 of 3 units chosen')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a retest, and keeps the choice', async () => {
    serve([answer(UNITS)]);
    server.use(http.post(path('/containment/retest'), () => refuse('Unit F2-0002 was deleted', 404)));
    const { user } = renderApp('/containment?station=LAB-PC-3', MANAGER);
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Choose F2-0002' }));
    await user.click(screen.getByRole('button', { name: 'Send back for retest' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm' })).getByRole('button', {
        name: 'Send back',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The units were not sent back');
    expect(alert).toHaveTextContent('Unit F2-0002 was deleted');
    expect(screen.getByRole('checkbox', { name: 'Choose F2-0002' })).toBeChecked();
  });

  it('lets an operator read and download, not send back', async () => {
    serve([answer(UNITS)]);
    renderApp('/containment?station=LAB-PC-3', OPERATOR);
    await table();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send back for retest' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});
