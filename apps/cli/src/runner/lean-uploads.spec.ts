import { ORIGIN_MSG, type CalibrationUse, type RunUpload, type RunUploadAnswer } from '@sweepline/domain';
import { ApiError } from '../client/api-error';
import { LeanUploads } from './lean-uploads';
import type { RunnerApi } from './runner-api';

const whole = (key: string, steps: number[]): CalibrationUse => ({
  key,
  step_indices: steps,
  instrument: 0,
  kind: 'mechanical',
  ports: '1-2',
  start_MHz: 800,
  stop_MHz: 1000,
  made_at: '2026-11-29T06:00:00Z',
  made_by: 'Ann',
});
const run = (id: string, calibrations: CalibrationUse[]) =>
  ({ client_run_id: id, calibrations }) as RunUpload;
const ANSWER = { run_id: 1 } as RunUploadAnswer;

/** A service that records what it was sent, and refuses what `refuse` says. */
function service(refuse: (upload: RunUpload) => Error | undefined = () => undefined) {
  const sent: RunUpload[] = [];
  const api = {
    uploadRun: (upload: RunUpload) => {
      sent.push(upload);
      const error = refuse(upload);
      return error ? Promise.reject(error) : Promise.resolve(ANSWER);
    },
  } as unknown as RunnerApi;
  return { api, sent };
}

const unknownKey = (key: string) =>
  new ApiError('refused', `calibrations[0].key: ${ORIGIN_MSG.unknownCalibration(key)}`, 400);

describe('lean uploads (issue 40)', () => {
  it('sends a calibration whole until a run carrying it is accepted, then by its key alone', async () => {
    const { api, sent } = service();
    const lean = new LeanUploads(api);
    const first = run('r1', [whole('A', [0, 1])]);
    await lean.uploadRun(first);
    await lean.uploadRun(run('r2', [whole('A', [0]), whole('B', [1])]));
    await lean.uploadRun(run('r3', [whole('B', [2])]));
    expect(sent[0]).toBe(first);
    expect(sent[1]!.calibrations).toEqual([{ key: 'A', step_indices: [0] }, whole('B', [1])]);
    expect(sent[2]!.calibrations).toEqual([{ key: 'B', step_indices: [2] }]);
  });

  it('does not learn a key from a run that was refused', async () => {
    const { api, sent } = service((u) =>
      u.client_run_id === 'r1' ? new ApiError('refused', 'no', 400) : undefined,
    );
    const lean = new LeanUploads(api);
    await expect(lean.uploadRun(run('r1', [whole('A', [0])]))).rejects.toThrow('no');
    await lean.uploadRun(run('r2', [whole('A', [0])]));
    expect(sent[1]!.calibrations).toEqual([whole('A', [0])]);
  });

  it('sends the run again whole, once, when the service does not know a key (a new database), and learns again', async () => {
    let database = new Set<string>();
    const { api, sent } = service((u) => {
      const missing = u.calibrations?.find((c) => c.kind === undefined && !database.has(c.key));
      if (missing) return unknownKey(missing.key);
      for (const c of u.calibrations ?? []) database.add(c.key);
      return undefined;
    });
    const lean = new LeanUploads(api);
    await lean.uploadRun(run('r1', [whole('A', [0])]));
    database = new Set(); // the service's database was replaced
    const second = run('r2', [whole('A', [0]), whole('B', [1])]);
    expect(await lean.uploadRun(second)).toBe(ANSWER);
    expect(sent.slice(1).map((u) => u.calibrations?.map((c) => c.kind ?? 'key'))).toEqual([
      ['key', 'mechanical'],
      ['mechanical', 'mechanical'],
    ]);
    expect(sent[2]).toBe(second);
    await lean.uploadRun(run('r3', [whole('A', [0]), whole('B', [0])]));
    expect(sent[3]!.calibrations).toEqual([
      { key: 'A', step_indices: [0] },
      { key: 'B', step_indices: [0] },
    ]);
  });

  it('passes on a refusal of a run sent whole, and any other refusal, without sending again', async () => {
    const { api, sent } = service(() => unknownKey('A'));
    const lean = new LeanUploads(api);
    await expect(lean.uploadRun(run('r1', [whole('A', [0])]))).rejects.toThrow(/Calibration A is not known/);
    expect(sent).toHaveLength(1);
  });
});
