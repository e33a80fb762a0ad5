import { acknowledgementNoteError, alarmAction, SPC_MSG } from './alarm-rules';
import { spcAlarmLine } from './alarm-text';

describe('alarmAction', () => {
  it('opens on the first violation, joins while open, and ignores a value that breaks nothing', () => {
    expect(alarmAction([4], false)).toBe('open');
    expect(alarmAction([1, 2], true)).toBe('join');
    expect(alarmAction([], true)).toBe('none');
    expect(alarmAction([], false)).toBe('none');
  });
});

describe('spcAlarmLine', () => {
  it("says the issue's example", () => {
    expect(spcAlarmLine('Insertion Loss Max', [4], 'above')).toBe(
      'SPC alarm on Insertion Loss Max: rule 4, eight points above the centre line',
    );
  });

  it('names every rule a value completed', () => {
    expect(spcAlarmLine('S11', [1, 2], 'below')).toBe(
      'SPC alarm on S11: rule 1, one point more than 3σ below the centre line; rule 2, two of three points more than 2σ below the centre line',
    );
  });
});

describe('acknowledgementNoteError', () => {
  it('takes 1 to 500 characters once trimmed and refuses anything else', () => {
    expect(acknowledgementNoteError('Probe replaced')).toBeUndefined();
    expect(acknowledgementNoteError('x'.repeat(500))).toBeUndefined();
    expect(acknowledgementNoteError('x'.repeat(501))).toBe(SPC_MSG.note);
    expect(acknowledgementNoteError('   ')).toBe(SPC_MSG.note);
    expect(acknowledgementNoteError(undefined)).toBe(SPC_MSG.note);
    expect(acknowledgementNoteError(7)).toBe(SPC_MSG.note);
  });
});

describe('SPC_MSG', () => {
  it('counts a baseline in words that read right for one value', () => {
    expect(SPC_MSG.tooFewValues('Gain', 1)).toContain('has 1 value in');
    expect(SPC_MSG.tooFewValues('Gain', 0)).toContain('has 0 values in');
  });
});
