import { defaultAlignment, defaultTrace } from '../params/defaults';
import type { AlignParam, Alignment, LimitLine, Trace } from '../params/params.types';
import { DisplayFormat } from '../params/params.types';
import { alignmentTrace, measureAlign } from './align';
import { delayLinePhase, linearFreqs } from './synthetic';
import { TraceError } from './trace-error';

const MHz = 1e6;
const freqs = linearFreqs(800 * MHz, 900 * MHz, 101);
// a band-pass shape: −1 dB from 820 to 880 MHz, falling 1 dB per MHz outside
const logMag = {
  freqs_Hz: freqs,
  values: freqs.map((f) => -1 - Math.max(0, 820 * MHz - f, f - 880 * MHz) / MHz),
};
const line = (type: LimitLine['type'], f1: number, f2: number, v1: number, v2 = v1): LimitLine => ({
  type,
  startFreq_MHz: f1,
  stopFreq_MHz: f2,
  startValue: v1,
  stopValue: v2,
});
const trace = (df: DisplayFormat, lineArray: LimitLine[], markers: number[] = []): Trace => ({
  ...defaultTrace(true),
  sParam: 'S21',
  df,
  lineArray,
  markerArray: markers.map((freq_MHz) => ({ freq_MHz })),
});
const alignment = (traceArray: Trace[]): Alignment => ({
  ...defaultAlignment(),
  title: 'Filter',
  traceArray,
});
const one = (t: Trace): AlignParam => ({ channelArray: [alignment([t])] });

describe('measureAlign', () => {
  it('passes a trace inside its MIN and MAX lines, edges included', () => {
    const t = trace(DisplayFormat.LogMag, [line('MIN', 820, 880, -1), line('MAX', 800, 900, -1)]);
    const m = measureAlign(one(t), [[logMag]]);
    expect(m.result).toBe(1);
    const [min, max] = m.channels[0]!.traces[0]!.lines;
    expect(min).toMatchObject({ result: 1, points: 61, worst: { margin: 0 } });
    expect(max).toMatchObject({ result: 1, points: 101 });
  });

  it('judges against the line interpolated between its start and stop values', () => {
    // a sloped MIN line from −1 dB at 810 MHz to −2 dB at 830 MHz; the trace is −11 dB at 810
    const m = measureAlign(one(trace(DisplayFormat.LogMag, [line('MIN', 810, 830, -1, -2)])), [[logMag]]);
    const result = m.channels[0]!.traces[0]!.lines[0]!;
    expect(result).toMatchObject({
      result: 0,
      worst: { freq_Hz: 810 * MHz, value: -11, limit: -1, margin: -10 },
    });
    // a sloped MAX line from −6 dB at 810 to −1 dB at 830 MHz is −3.5 dB at 820, where the trace is −1
    const sloped = measureAlign(one(trace(DisplayFormat.LogMag, [line('MAX', 810, 830, -6, -1)])), [
      [logMag],
    ]);
    expect(sloped.channels[0]!.traces[0]!.lines[0]).toMatchObject({
      result: 0,
      worst: { freq_Hz: 820 * MHz, value: -1, limit: -3.5, margin: -2.5 },
    });
  });

  it('judges only measured points: a line between two points passes', () => {
    const m = measureAlign(one(trace(DisplayFormat.LogMag, [line('MAX', 850.2, 850.8, -50)])), [[logMag]]);
    expect(m.channels[0]!.traces[0]!.lines[0]).toEqual({ type: 'MAX', result: 1, points: 0 });
    const single = measureAlign(one(trace(DisplayFormat.LogMag, [line('MAX', 850, 850, -1.5, -9)])), [
      [logMag],
    ]);
    // a line of one frequency judges the point there against its start value
    expect(single.channels[0]!.traces[0]!.lines[0]).toMatchObject({
      points: 1,
      result: 0,
      worst: { limit: -1.5 },
    });
  });

  it('reads markers by interpolation, null outside the trace', () => {
    const m = measureAlign(one(trace(DisplayFormat.LogMag, [], [810.5, 850, 950])), [[logMag]]);
    expect(m.channels[0]!.traces[0]!.markers).toEqual([
      { freq_Hz: 810.5 * MHz, value: -10.5 },
      { freq_Hz: 850 * MHz, value: -1 },
      { freq_Hz: 950 * MHz, value: null },
    ]);
  });

  it('reads group delay in ns and phase as displayed', () => {
    const gd = { freqs_Hz: freqs, values: freqs.map(() => 2.5e-9) };
    const phase = delayLinePhase(freqs, 2.5e-9);
    const m = measureAlign(
      {
        channelArray: [
          alignment([trace(DisplayFormat.GroupDelay, [line('MAX', 800, 900, 3)], [850.5])]),
          alignment([
            trace(DisplayFormat.Phase, [line('MAX', 800, 900, 180), line('MIN', 800, 900, -180)], [850.1]),
          ]),
          alignment([trace(DisplayFormat.Swr, [line('MAX', 800, 900, 1.1)])]),
        ],
      },
      [[gd], [phase], [{ freqs_Hz: freqs, values: freqs.map(() => 1.2) }]],
    );
    expect(m.channels.map((c) => c.result)).toEqual([1, 1, 0]);
    expect(m.result).toBe(0);
    expect(m.channels[0]!.traces[0]).toMatchObject({ unit: 'ns', markers: [{ value: 2.5 }] });
    const expected = -360 * 850.1e6 * 2.5e-9;
    expect(m.channels[1]!.traces[0]!.markers[0]!.value).toBeCloseTo(
      expected - 360 * Math.ceil((expected - 180) / 360),
      6,
    );
  });

  it('refuses missing data and incomplete or reversed lines and markers', () => {
    const t = trace(DisplayFormat.LogMag, [line('MAX', 800, 900, 0)]);
    expect(() => measureAlign(one(t), [[]])).toThrow(
      new TraceError('shape', 'No measured data for trace 1 (S21) of alignment 1'),
    );
    expect(() =>
      measureAlign(one({ ...t, lineArray: [{ ...line('MAX', 800, 900, 0), stopValue: null }] }), [[logMag]]),
    ).toThrow('limit line 1 of trace 1 (S21) of alignment 1 is not complete');
    expect(() =>
      measureAlign(one(trace(DisplayFormat.LogMag, [line('MAX', 900, 800, 0)])), [[logMag]]),
    ).toThrow('the start frequency is greater than the stop frequency');
    expect(() => measureAlign(one({ ...t, markerArray: [{ freq_MHz: null }] }), [[logMag]])).toThrow(
      'The frequency of marker 1 of trace 1 (S21) of alignment 1 is not set',
    );
  });

  it('warns, per alignment and once for the step, about gates narrower than their shape minimum', () => {
    const t = trace(DisplayFormat.LogMag, [line('MAX', 800, 900, -1)]);
    const gated = { ...alignment([t]), isGating: true, gatingShape: 'Maximum' as const };
    const m = measureAlign({ channelArray: [gated, gated, alignment([t])] }, [[logMag], [logMag], [logMag]]);
    const warning = 'Gate narrower than the Maximum minimum of 254 ns: the gated trace is distorted';
    expect(m.result).toBe(1);
    expect(m.channels.map((c) => c.warnings)).toEqual([[warning], [warning], undefined]);
    expect(m.warnings).toEqual([warning]);
    expect(measureAlign(one(t), [[logMag]]).warnings).toBeUndefined();
  });

  it('passes an empty alignment list', () => {
    expect(measureAlign({ channelArray: [] }, [])).toEqual({ result: 1, channels: [] });
  });
});

describe('alignmentTrace', () => {
  const phase = { freqs_Hz: [800 * MHz, 850 * MHz], values: [190, -10] };
  const delay = { freqs_Hz: [800 * MHz, 850 * MHz], values: [2e-9, 3e-9] };

  it('gives the active trace as displayed: phase wrapped, group delay in ns, MHz', () => {
    const a = alignment([
      { ...trace(DisplayFormat.Phase, []), isActive: false },
      { ...trace(DisplayFormat.GroupDelay, []), isActive: true },
    ]);
    expect(alignmentTrace(a, [phase, delay])).toEqual({
      index: 1,
      unit: 'ns',
      freqs_MHz: [800, 850],
      values: [2, 3],
    });
  });

  it('takes the first trace when none is active, and nothing when it was not measured', () => {
    const a = alignment([
      { ...trace(DisplayFormat.Phase, []), isActive: false },
      { ...trace(DisplayFormat.LogMag, []), isActive: false },
    ]);
    expect(alignmentTrace(a, [phase, logMag])).toMatchObject({ index: 0, unit: 'deg', values: [-170, -10] });
    expect(alignmentTrace(a, [])).toBeUndefined();
  });
});
