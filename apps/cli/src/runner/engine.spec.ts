import { ActionId, Verdict, type RunnerSeq } from '@sweepline/domain';
import { completeParam, makeStep } from '@sweepline/domain/src/testing/step-fixtures';
import { CalibrationKeeper } from './calibration-keeper';
import { runTest } from './engine';
import { unitLine } from './run-command';
import type { InstrumentPool } from './instrument-pool';
import { ScriptedOperator } from './testing/scripted-prompter';

/** A test of one Prompt step: it runs on the operator alone, no instrument. */
const seq = (releaseNo?: number | null): RunnerSeq => ({
  id: 4,
  productId: 2,
  name: 'Pass band',
  stageNo: 1,
  testNo: 1,
  version: 9,
  ...(releaseNo !== undefined ? { releaseNo } : {}),
  steps: [makeStep(1, ActionId.Prompt, completeParam(ActionId.Prompt))],
  cals: [],
});

function run(test: RunnerSeq) {
  const operator = new ScriptedOperator();
  return runTest({
    seq: test,
    sn: 'F-001',
    productName: 'F-200',
    instruments: {} as InstrumentPool,
    calibrations: new CalibrationKeeper(8),
    prompter: operator,
    reporter: operator,
  });
}

describe('runTest and releases', () => {
  it('names the release it ran in the upload, beside the version', async () => {
    const { run: journaled, verdict } = await run(seq(7));
    expect(verdict).toBe(Verdict.Passed);
    expect(journaled.upload).toMatchObject({ seq_id: 4, seq_version: 9, release_no: 7 });
  });

  it('sends no release to a server that named none (before releases, or a test never released)', async () => {
    for (const releaseNo of [undefined, null]) {
      const { run: journaled } = await run(seq(releaseNo));
      expect(journaled.upload).not.toHaveProperty('release_no');
    }
  });
});

describe('the line a unit starts with', () => {
  it('names the release the runner runs, and just the test before releases', () => {
    expect(unitLine(seq(7))).toBe('Pass band, release 7');
    expect(unitLine(seq())).toBe('Pass band');
    expect(unitLine(seq(null))).toBe('Pass band');
  });
});
