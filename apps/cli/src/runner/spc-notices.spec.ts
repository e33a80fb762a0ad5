import { spcAlarmLine, type RunSpcNotice } from '@sweepline/domain';
import { ApiError } from '../client/api-error';
import { spcLines, spcNoticesOf } from './spc-notices';

const OPENED: RunSpcNotice = {
  alarmId: 7,
  step: 'Insertion Loss Max',
  opened: true,
  rules: [4],
  side: 'above',
  line: spcAlarmLine('Insertion Loss Max', [4], 'above'),
};

describe('spcNoticesOf', () => {
  it("answers the server's notices for the run", async () => {
    const asked: number[] = [];
    const api = { spcNotices: (runId: number) => (asked.push(runId), Promise.resolve([OPENED])) };
    expect(await spcNoticesOf(api, 42)).toEqual([OPENED]);
    expect(asked).toEqual([42]);
  });

  it('answers none from a server before SPC (404) or one out of reach, never throwing', async () => {
    for (const error of [
      new ApiError('refused', 'Not found', 404),
      new ApiError('connection', 'Cannot reach the Sweepline server'),
    ]) {
      expect(await spcNoticesOf({ spcNotices: () => Promise.reject(error) }, 1)).toEqual([]);
    }
  });
});

describe('spcLines', () => {
  it("prints the issue's line for an alarm the run opened, and says an alarm it joined is still open", () => {
    const joined: RunSpcNotice = {
      ...OPENED,
      opened: false,
      rules: [1],
      line: spcAlarmLine('Gain', [1], 'below'),
    };
    expect(spcLines([OPENED, joined])).toEqual([
      'SPC alarm on Insertion Loss Max: rule 4, eight points above the centre line',
      'SPC alarm on Gain: rule 1, one point more than 3σ below the centre line (alarm still open)',
    ]);
  });

  it('prints nothing for a run that broke no rule', () => {
    expect(spcLines([])).toEqual([]);
  });
});
