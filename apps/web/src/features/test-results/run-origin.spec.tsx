import {
  ORIGIN_MSG,
  Role,
  Verdict,
  type RunOriginReport,
  type RunReport,
  type SnReport,
} from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { renderApp } from '../../../test/render';
import { serveRunSearch } from '../../../test/run-search';
import { ok, path, server } from '../../../test/server';
import { ORIGIN_TITLE } from './RunOrigin';

const OPERATOR = { email: 'olive@acme.example', name: 'Olive', role: Role.Operator };
const SLOW = { timeout: 10_000 };

const step = (title: string): RunReport['steps'][number] => ({
  title,
  isHeader: false,
  lower: null,
  upper: 1.5,
  value: 0.8,
  unit: 'dB',
  result: 1,
});

const run = (runId: number, runNo: number): RunReport => ({
  runId,
  seqId: 31,
  snStageHistoryId: 88,
  runNo,
  startTime: `2026-11-2${runNo}T09:00:00Z`,
  seqName: 'Final',
  seqVersion: 7,
  currentSeqVersion: 7,
  result: Verdict.Passed,
  userName: 'Olive',
  steps: [step('Insertion Loss Max'), step('Return Loss'), step('Isolation')],
  release: null,
});

const REPORT: SnReport = { sn: 'A-1', productId: 4, productName: 'F-200', reports: [run(12, 4), run(11, 3)] };

const RECORDED: RunOriginReport = {
  recorded: true,
  station: 'LAB-PC-01',
  runnerVersion: '0.9.0',
  measuredOverdue: true,
  instruments: [
    {
      id: 1,
      role: 'network_analyzer',
      vendor: 'Keysight Technologies',
      model: 'E5071C',
      serial: 'MY46100001',
      firmware: 'A.11.20',
      stateAtRun: 'overdue',
      dueOn: '2026-11-20',
    },
    {
      id: 2,
      role: 'pim_analyzer',
      vendor: 'Rosenberger',
      model: 'PiMPro',
      serial: 'PIM-7',
      firmware: null,
      stateAtRun: 'unknown',
      dueOn: null,
    },
  ],
  calibrations: [
    {
      id: 9,
      kind: 'ecal',
      ecalSerial: 'N4431-MY001',
      ports: '1-2',
      startMHz: 700,
      stopMHz: 2700,
      madeAt: '2026-11-24T06:55:00Z',
      madeBy: 'Olive',
      instrumentId: 1,
      ageSeconds: 2 * 3600 + 5 * 60,
      stepNos: [1, 3],
    },
  ],
};

const NOT_RECORDED: RunOriginReport = { ...RECORDED, recorded: false, instruments: [], calibrations: [] };

function serve() {
  const asked: string[] = [];
  serveRunSearch(() => [REPORT]);
  server.use(
    http.get(path('/report/latest'), () => ok([])),
    http.get(path('/runs/:id/traces'), () => ok([])),
    http.get(path('/runs/:id/attachments'), () => ok([])),
    http.get(path('/runs/:id/origin'), ({ params }) => {
      asked.push(String(params['id']));
      return ok((params['id'] === '12' ? RECORDED : NOT_RECORDED) as never);
    }),
  );
  return asked;
}

const section = () => screen.findByRole('region', { name: ORIGIN_TITLE }, SLOW);
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Test Results: the run’s instruments and calibrations (issue 40)', () => {
  it('shows the station, each instrument with its state at the run, each calibration with its age and steps, and the overdue mark', async () => {
    const asked = serve();
    const { user } = renderApp('/tr?sn=A-1', OPERATOR);
    const origin = await section();
    await within(origin).findByText('Station LAB-PC-01 · runner 0.9.0');
    expect(within(origin).getByRole('note')).toHaveTextContent(ORIGIN_MSG.measuredOverdue);
    expect(rowsOf(within(origin).getByRole('table', { name: 'Instruments of the run' }))).toEqual([
      [
        'Network analyzer',
        'Keysight Technologies E5071C',
        'MY46100001',
        'A.11.20',
        'Overdue since 2026-11-21due on 2026-11-20',
      ],
      ['PIM analyzer', 'Rosenberger PiMPro', 'PIM-7', '-', 'Unknown'],
    ]);
    const [cal] = rowsOf(within(origin).getByRole('table', { name: 'Calibrations of the run' }));
    expect(cal!.slice(0, 3)).toEqual(['ECal, module N4431-MY001', 'Ports 1-2', '700 to 2,700 MHz']);
    expect(cal![3]).toMatch(/^2026-11-24 \d\d:55:00by Olive$/);
    expect(cal!.slice(4)).toEqual(['2 h 05 min', '#1 Insertion Loss Max, #3 Isolation']);
    expect(asked).toEqual(['12']);

    // another run: asked when it opens, and nothing of the first stays
    await user.click(within(screen.getByRole('table', { name: 'Runs' })).getAllByRole('row')[2]!);
    await waitFor(() => expect(asked).toEqual(['12', '11']));
    expect(await within(origin).findByText(/^Not recorded/)).toBeInTheDocument();
    expect(within(origin).queryByRole('table')).toBeNull();
    expect(within(origin).queryByRole('note')).toBeNull();
  });
});
