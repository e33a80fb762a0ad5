import { Verdict, type RunnerSeq, type StationReport, type StepResult } from '@sweepline/domain';
import { SILENT_REPORTER, type Prompter } from './prompter';
import { StationReporter, stationIdentity } from './station-reporter';

const identity = { station: 'LAB-1', operator: 'Olga', zoneOffset: 1 };
const seq = { id: 7, productId: 3, steps: [{}, {}, {}] } as unknown as RunnerSeq;
const prompter: Prompter = {
  acknowledge: () => Promise.resolve(),
  number: () => Promise.resolve(1),
  yesNo: () => Promise.resolve('yes'),
  choose: () => Promise.resolve(0),
  onFailure: () => Promise.resolve('skip'),
  countdown: () => Promise.resolve(),
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('StationReporter', () => {
  it('sends each change in order, with the states a run goes through', async () => {
    const sent: StationReport[] = [];
    const reporter = new StationReporter(identity, (r) => Promise.resolve(sent.push(r)));
    reporter.idle(3);
    reporter.unitStarted(seq, 'SN-1');
    const run = reporter.watch(prompter, SILENT_REPORTER);
    await run.prompter.acknowledge('Connect the open');
    run.reporter.stepStarted(1, 3, 'S11');
    expect(await run.prompter.onFailure('No answer')).toBe('skip');
    run.reporter.stepStarted(2, 3, 'S21');
    reporter.result('SN-1', Verdict.Passed);
    await reporter.stop();
    expect(sent.map((r) => `${r.state}:${r.step ?? '-'}`)).toEqual([
      'idle:-',
      'calibrating:0',
      'waiting:0',
      'calibrating:0',
      'testing:1',
      'error:1',
      'testing:1',
      'testing:2',
      'result:2',
    ]);
    expect(sent.at(-1)).toMatchObject({ ...identity, productId: 3, seqId: 7, sn: 'SN-1', steps: 3 });
    expect(sent.at(-1)!.lastVerdict).toMatchObject({ sn: 'SN-1', result: Verdict.Passed });
    expect(sent[1]!.lastVerdict).toBeUndefined();
  });

  it("hands the run's reporter every argument, the result rows included, while it watches", async () => {
    const finished: unknown[][] = [];
    const reporter = new StationReporter(identity, () => Promise.resolve());
    const rows = [{ value: '1.2' }] as unknown as StepResult[];
    const run = reporter.watch(prompter, {
      ...SILENT_REPORTER,
      stepFinished: (...args) => finished.push(args),
    });
    run.reporter.stepFinished(2, 3, false, rows);
    await reporter.stop();
    expect(finished).toEqual([[2, 3, false, rows]]);
  });

  it('drops a failed report and goes on, and never waits for a hung service at the end', async () => {
    const sent: string[] = [];
    let calls = 0;
    const reporter = new StationReporter(identity, (r, signal) => {
      calls++;
      if (calls === 1) return Promise.reject(new Error('refused'));
      sent.push(r.state);
      // a service that never answers: only the cut ends the call
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('cut'))),
      );
    });
    reporter.idle();
    reporter.unitStarted(seq, 'SN-2');
    reporter.result('SN-2', Verdict.Failed);
    await settle();
    const started = Date.now();
    await reporter.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(sent).toEqual(['calibrating']);
    expect(calls).toBe(2);
  });

  it('carries the verdicts of runs uploaded late from the queue until a report with them is answered', async () => {
    const sent: StationReport[] = [];
    let refuse = true;
    const reporter = new StationReporter(identity, (r) => {
      sent.push(r);
      return refuse ? Promise.reject(new Error('away')) : Promise.resolve();
    });
    const late = [
      { sn: 'NEW-003', result: Verdict.Failed, at: '2026-11-26T10:04:12.310Z' },
      { sn: 'NEW-004', result: Verdict.Passed, at: '2026-11-26T10:09:40.000Z' },
    ];
    reporter.result('NEW-005', Verdict.Passed, '2026-11-26T10:20:00.000Z');
    reporter.uploadedLate(late);
    await settle();
    refuse = false;
    reporter.idle();
    await settle();
    reporter.idle();
    await reporter.stop();
    // the first try was dropped: the next report carries them again, the one after does not
    expect(sent.map((r) => r.queuedVerdicts?.map((v) => v.sn) ?? [])).toEqual([
      [],
      ['NEW-003', 'NEW-004'],
      ['NEW-003', 'NEW-004'],
      [],
    ]);
    // the station still shows its own last unit, at the end of its run
    expect(sent.at(-1)!.lastVerdict).toEqual({
      sn: 'NEW-005',
      result: Verdict.Passed,
      at: '2026-11-26T10:20:00.000Z',
    });
  });

  it('tells the state again every 10 s while nothing changes', async () => {
    jest.useFakeTimers();
    try {
      const sent: string[] = [];
      const reporter = new StationReporter(identity, (r) => Promise.resolve(sent.push(r.state)));
      reporter.idle();
      await jest.advanceTimersByTimeAsync(25_000);
      expect(sent).toEqual(['idle', 'idle', 'idle']);
      const stopping = reporter.stop();
      await jest.advanceTimersByTimeAsync(1_000);
      await stopping;
      await jest.advanceTimersByTimeAsync(30_000);
      expect(sent).toHaveLength(3);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('stationIdentity', () => {
  it('takes SWEEPLINE_STATION, else the lab configuration, else the computer name', () => {
    expect(
      stationIdentity('Bench 4', { SWEEPLINE_STATION: 'LINE-2', SWEEPLINE_OPERATOR: 'Ann' }),
    ).toMatchObject({
      station: 'LINE-2',
      operator: 'Ann',
    });
    expect(stationIdentity('Bench 4', {})).toMatchObject({ station: 'Bench 4' });
    // the computer's user (root) names nobody: the service shows who signed in (issue 38)
    expect(stationIdentity('Bench 4', {})).not.toHaveProperty('operator');
    expect((stationIdentity(undefined, {}) as { station: string }).station.length).toBeGreaterThan(0);
    expect(stationIdentity(undefined, { SWEEPLINE_STATION: 'x'.repeat(65) })).toEqual({
      problem: 'SWEEPLINE_STATION: A station name is 1 to 64 characters, without control characters',
    });
  });
});
