import { defaultReportRange, rangePresets } from './range-presets';

describe('rangePresets', () => {
  it('lists the five presets in the order of the spec, ending on or before today', () => {
    expect(rangePresets('2026-03-01')).toEqual([
      { label: 'Today', range: ['2026-03-01', '2026-03-01'] },
      { label: 'Yesterday', range: ['2026-02-28', '2026-02-28'] },
      { label: 'Last Week', range: ['2026-02-23', '2026-03-01'] },
      { label: 'Last Month', range: ['2026-01-31', '2026-03-01'] },
      { label: 'Last Year', range: ['2025-03-02', '2026-03-01'] },
    ]);
  });

  it('defaults to the second preset, yesterday', () => {
    expect(defaultReportRange('2024-01-01')).toEqual(['2023-12-31', '2023-12-31']);
  });

  it('refuses an invalid day', () => {
    expect(() => rangePresets('2026-02-30')).toThrow(RangeError);
  });
});
