import type { TraceBandReport } from '@sweepline/domain';
import { bandCaption } from './band-caption';

const report = (traces: number, otherGrid: number): TraceBandReport =>
  ({
    step: 'IL',
    unit: 'dB',
    lower: null,
    upper: 1.2,
    band: { freqsMhz: [], median: [], p5: [], p95: [], min: [], max: [], traces, otherGrid },
    own: null,
    plot: null,
  }) as TraceBandReport;

describe('bandCaption (issue 38: the band under a trace in plain words)', () => {
  it('says what the shading is, whose traces, and the ones left out and why', () => {
    expect(bandCaption(report(480, 263), 'p5-p95', 'Pass band', 90)).toBe(
      'The shading shows where the middle 90% of 480 traces of Pass band measured in the 90 days up to this run fall (5th to 95th percentile); the dotted line is their median. 263 more traces were measured at other frequencies and are not included.',
    );
    expect(bandCaption(report(480, 1), 'min-max', 'Pass band', 90)).toBe(
      'The shading runs from the lowest to the highest of 480 traces of Pass band measured in the 90 days up to this run; the dotted line is their median. 1 more trace was measured at other frequencies and is not included.',
    );
  });

  it('does not call a band of a few traces percentiles: it is their lowest to highest', () => {
    expect(bandCaption(report(3, 0), 'p5-p95', 'Pass band', 90)).toBe(
      'The shading runs from the lowest to the highest of 3 traces of Pass band measured in the 90 days up to this run; the dotted line is their median.',
    );
  });

  it('says nothing without a band', () => {
    expect(bandCaption({ ...report(3, 0), band: null }, 'p5-p95', 'Pass band', 90)).toBe('');
  });
});
