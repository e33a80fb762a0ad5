import type { FrozenLimits } from '@sweepline/domain';
import { freezeBody, limitRows } from './spc';

const LIMITS: FrozenLimits = {
  productId: 1,
  seqId: 2,
  step: 'Centre frequency',
  centre: 10000000.2,
  sigmaWithin: 0.05,
  lowerLimit: 10000000.05,
  upperLimit: 10000000.35,
  baselineValues: 20,
  baselineFrom: '2026-11-29T00:00:00.000Z',
  baselineTo: '2026-11-30T00:00:00.000Z',
  zoneOffset: 0,
  frozenAt: '2026-11-29T11:00:00.000Z',
  frozenBy: 3,
  frozenByName: 'Erin Editor',
};

describe('sweepline spc freeze', () => {
  it("sends the analytics' range as the texts the call takes", () => {
    expect(freezeBody(88, 'Gain', { start_time: 1, stop_time: 2, zone_offset: 5.5 })).toEqual({
      seq_id: '88',
      step: 'Gain',
      start_time: '1',
      stop_time: '2',
      zone_offset: '5.5',
    });
  });

  it('prints the lines with the digits that keep the 1σ zones apart', () => {
    const rows = new Map(limitRows(LIMITS));
    expect(rows.get('Centre')).toBe('10000000.2');
    expect(rows.get('Lower control limit (−3σ)')).toBe('10000000.05');
    expect(rows.get('Upper control limit (+3σ)')).toBe('10000000.35');
    expect(rows.get('Baseline values')).toBe('20');
  });
});
