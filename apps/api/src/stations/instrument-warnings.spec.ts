import { ORIGIN_MSG } from '@sweepline/domain';
import { instrumentWarningsOf } from './instrument-warnings';

describe("a station's instrument warnings", () => {
  const row = (station: string, zone_offset: number, due_on: string) => ({
    station,
    zone_offset,
    vendor: 'Rohde-Schwarz',
    model: 'ZNB8',
    serial: `S-${station}`,
    due_on,
  });
  const name = (station: string) => `Rohde-Schwarz ZNB8, serial number S-${station}`;
  // 2026-11-29 22:00 UTC: already 2026-11-30 at UTC+3, still 2026-11-29 at UTC-5
  const now = Date.parse('2026-11-29T22:00:00Z');

  it("judges each instrument on its station's own day: the due day is still due, the day after overdue", () => {
    const warnings = instrumentWarningsOf([row('EAST', 3, '2026-11-29'), row('WEST', -5, '2026-11-29')], now);
    expect(warnings.get('EAST')).toEqual([`${name('EAST')} is overdue for calibration since 2026-11-29.`]);
    expect(warnings.get('WEST')).toEqual([ORIGIN_MSG.dueSoon(name('WEST'), '2026-11-29', 0)]);
  });

  it('leaves out an instrument due in more than 30 days on its station’s day', () => {
    expect(instrumentWarningsOf([row('WEST', -5, '2026-12-30')], now).size).toBe(0);
    expect(instrumentWarningsOf([row('WEST', -5, '2026-12-29')], now).get('WEST')).toHaveLength(1);
  });
});
