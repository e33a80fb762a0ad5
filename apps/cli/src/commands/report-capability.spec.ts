import { capability, type CapabilityReport } from '@sweepline/domain';
import { figureRows } from './report-capability';

/** A report of `values` against limits as close as a frequency step's (issue 38). */
function reportOf(values: number[], lower: number, upper: number): CapabilityReport {
  return {
    seqId: 1,
    seqName: 'Pass band',
    step: 'Centre frequency',
    unit: 'Hz',
    versions: [1],
    lower,
    upper,
    limitsChanged: false,
    notNumeric: 0,
    figures: capability(values, { lower, upper }),
    histogram: [],
  };
}

describe('sweepline report capability: the text table (issue 38, one formatter)', () => {
  const rows = new Map(
    figureRows(reportOf([10000000.1, 10000000.2, 10000000.3, 10000000.25], 10000000, 10000000.4)),
  );

  it('prints limits 10000000 and 10000000.4 apart', () => {
    expect(rows.get('LSL')).toBe('10000000');
    expect(rows.get('USL')).toBe('10000000.4');
    expect(rows.get('Mean')).not.toBe(rows.get('LSL'));
  });

  it('prints σ with four significant digits, not rounded to 0.1', () => {
    expect(rows.get('σ overall')).toBe('0.08539');
    expect(Number(rows.get('σ overall'))).toBeCloseTo(0.0854, 4);
  });

  it('prints a dash for a figure that is not defined', () => {
    const one = new Map(figureRows(reportOf([5], 0, 10)));
    expect(one.get('σ overall')).toBe('—');
    expect(one.get('Cpk')).toBe('—');
  });
});
