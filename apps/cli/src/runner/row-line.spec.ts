import type { StepResult } from '@sweepline/domain';
import { errorLine, formatLimits, rowLine } from './row-line';

const row = (over: Partial<StepResult>): StepResult => ({
  title: 'Insertion Loss Max - S12 (500 - 700 MHz)',
  isHeader: false,
  lower: null,
  upper: 1.2,
  value: 0.934,
  unit: 'dB',
  result: 1,
  ...over,
});

describe('rowLine', () => {
  it('shows a passing row with its value, unit and upper limit', () => {
    expect(rowLine(3, 16, row({ value: 0.93412 }))).toBe(
      '[3/16] Insertion Loss Max - S12 (500 - 700 MHz): pass 0.9341 dB (limit ≤ 1.2 dB)',
    );
  });

  it('shows a failing row with its value and the limit it broke', () => {
    expect(rowLine(3, 16, row({ value: 1.4312, result: 0 }))).toBe(
      '[3/16] Insertion Loss Max - S12 (500 - 700 MHz): FAIL 1.431 dB (limit ≤ 1.2 dB)',
    );
  });

  it('shows a lower limit alone, and both limits of a two-sided step', () => {
    expect(
      rowLine(8, 16, row({ title: 'Return Loss', lower: 18, upper: null, value: 16.04, result: 0 })),
    ).toBe('[8/16] Return Loss: FAIL 16.04 dB (limit ≥ 18 dB)');
    expect(rowLine(4, 16, row({ title: 'IL min', lower: 0.2, upper: 1, value: 0.55 }))).toBe(
      '[4/16] IL min: pass 0.55 dB (limits 0.2 to 1 dB)',
    );
    expect(rowLine(2, 3, row({ title: 'PIM', lower: null, upper: -150, value: -158.27, unit: 'dBc' }))).toBe(
      '[2/3] PIM: pass -158.3 dBc (limit ≤ -150 dBc)',
    );
  });

  it('shows a value without unit or limits (SWR without limits, an answer, an alignment)', () => {
    expect(rowLine(9, 16, row({ title: 'SWR', upper: null, value: 1.1623, unit: '' }))).toBe(
      '[9/16] SWR: pass 1.162',
    );
    expect(rowLine(2, 3, row({ title: 'Connectors', upper: null, value: 'no', unit: '', result: 0 }))).toBe(
      '[2/3] Connectors: FAIL no',
    );
    expect(rowLine(2, 16, row({ title: 'Alignment Check', upper: null, value: null, unit: 'dB' }))).toBe(
      '[2/16] Alignment Check: pass',
    );
  });

  it('never rounds a value onto the limit it is judged against', () => {
    expect(rowLine(3, 16, row({ value: 1.2004, result: 0 }))).toBe(
      '[3/16] Insertion Loss Max - S12 (500 - 700 MHz): FAIL 1.2004 dB (limit ≤ 1.2 dB)',
    );
    expect(rowLine(3, 16, row({ value: 17.99996, lower: 18, upper: null, result: 0 }))).toContain(
      'FAIL 17.99996 dB (limit ≥ 18 dB)',
    );
  });

  it('says a skipped step was recorded as failed, and why', () => {
    const skipped = row({
      upper: null,
      value: 'skipped: TCPIP0::127.0.0.1::5025::SOCKET did not answer SENS1:SWE:POIN? within 5 s.',
      unit: '',
      result: 0,
    });
    expect(rowLine(5, 16, skipped)).toBe(
      '[5/16] Insertion Loss Max - S12 (500 - 700 MHz): FAIL SKIPPED (recorded as failed): TCPIP0::127.0.0.1::5025::SOCKET did not answer SENS1:SWE:POIN? within 5 s.',
    );
  });

  it('says what the instrument reported when a step fails on it', () => {
    expect(
      errorLine(5, 16, 'IL max', `TCPIP0::10.0.0.7::5025::SOCKET reported -222,"Data out of range"`),
    ).toBe('[5/16] IL max: ERROR TCPIP0::10.0.0.7::5025::SOCKET reported -222,"Data out of range"');
  });

  it('gives a heading no line', () => {
    expect(rowLine(1, 16, row({ isHeader: true, value: null }))).toBeUndefined();
  });

  it('uses the marks it is given (coloured on a terminal)', () => {
    expect(rowLine(3, 16, row({}), { pass: '<ok>', fail: '<bad>' })).toContain(': <ok> 0.934 dB');
  });
});

describe('formatLimits', () => {
  it('writes limits as the step holds them', () => {
    expect(formatLimits(-90, 90, '°')).toBe('(limits -90 to 90 °)');
    expect(formatLimits(null, null, 'dB')).toBe('');
  });

  it('writes limits that differ in the ninth digit apart (issue 38)', () => {
    expect(formatLimits(10000000, 10000000.4, 'Hz')).toBe('(limits 10000000 to 10000000.4 Hz)');
  });
});
