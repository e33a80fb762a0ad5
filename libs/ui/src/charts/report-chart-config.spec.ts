import type { percentTick } from './report-chart-config';
import { reportChartOptions } from './report-chart-config';

describe('reportChartOptions', () => {
  it('puts a percent suffix on the 0-100 axis', () => {
    const y = reportChartOptions('percent').scales?.['y'] as { ticks: { callback: typeof percentTick } };
    expect(y.ticks.callback(50)).toBe('50%');
  });
});
