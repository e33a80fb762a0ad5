import { Verdict } from '@sweepline/domain';
import { blockLetters, verdictBanner } from './verdict-banner';

describe('verdict banner', () => {
  it('writes the word in block letters five rows high', () => {
    const rows = blockLetters('PASS');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toBe('████████      ██████      ████████    ████████');
  });

  it('is green for PASS and red for FAIL with colour, plain letters without', () => {
    expect(verdictBanner(Verdict.Passed, 'A-1', false)).not.toContain('\x1b[');
    expect(verdictBanner(Verdict.Failed, 'A-1', false)).toContain('Serial number A-1: FAIL');
    expect(verdictBanner(Verdict.Aborted, 'A-1', false)).toContain('Serial number A-1: ABORTED');
  });
});
