import { ActionId } from '../catalogue/catalogue';
import { MSG } from '../limits/messages';
import { defaultLimitLine, defaultTrace } from '../params/defaults';
import type { Alignment, LimitLine, Trace } from '../params/params.types';
import { DisplayFormat, NO_ID } from '../params/params.types';
import { CAL, completeAlignment, errorsWith } from '../testing/step-fixtures';
import { VMSG } from './messages';

const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const aligned = (channelArray: Alignment[]) => errorsWith(ActionId.Align, { channelArray });
/** The errors of one alignment changed by `values`. */
const withAlignment = (values: Partial<Alignment>) => aligned([{ ...completeAlignment(), ...values }]);
const firstTrace = (): Trace => completeAlignment().traceArray[0]!;
/** The errors of an alignment whose first trace is changed by `values`. */
const withTrace = (values: Partial<Trace>) =>
  withAlignment({ traceArray: [{ ...firstTrace(), ...values }, completeAlignment().traceArray[1]!] });
const line = (values: Partial<LimitLine>): LimitLine => ({ ...firstTrace().lineArray[0]!, ...values });
const at = (field: string, message: string) => [{ field: `channelArray[0].${field}`, message }];
const trace0 = (field: string, message: string) => at(`traceArray[0].${field}`, message);

describe('align param: alignments', () => {
  it('needs 1 to 9 alignments', () => {
    expect(aligned([])).toEqual([{ field: 'channelArray', message: VMSG.addAlignment }]);
    expect(aligned(times(9, () => completeAlignment()))).toEqual([]);
    expect(aligned(times(10, () => completeAlignment()))).toEqual([
      { field: 'channelArray', message: MSG.upTo9Alignments },
    ]);
  });

  it('needs an existing calibration, without which no S parameter is valid', () => {
    expect(withAlignment({ calId: NO_ID })).toEqual([
      ...at('calId', VMSG.chooseCalibration),
      ...trace0('sParam', VMSG.chooseSParam),
      ...at('traceArray[1].sParam', VMSG.chooseSParam),
    ]);
  });

  it('needs a whole IFBW and average of at least 1', () => {
    expect(withAlignment({ IFBW_Hz: 0, average: 0.5 })).toEqual([
      ...at('IFBW_Hz', VMSG.atLeast(1)),
      ...at('average', VMSG.mustBeInteger),
    ]);
  });

  it.each([
    [3, false],
    [4, true],
    [5, false],
    [30, true],
    [32, false],
  ])('takes %p divisions: %p', (div, ok) => {
    expect(withAlignment({ div })).toEqual(ok ? [] : at('div', VMSG.inSteps(4, 30, 2)));
  });

  it('takes an optional title and file name, each a name of up to 100 and 200 characters', () => {
    expect(withAlignment({ title: '', fileName: '' })).toEqual([]);
    expect(withAlignment({ title: 't'.repeat(100), fileName: 'f'.repeat(200) })).toEqual([]);
    expect(withAlignment({ title: 't'.repeat(101), fileName: 'f'.repeat(201) })).toEqual([
      ...at('title', MSG.noMoreThanCharacters(100)),
      ...at('fileName', MSG.noMoreThanCharacters(200)),
    ]);
    expect(withAlignment({ fileName: 'a|b' })).toEqual(at('fileName', MSG.invalidCharacter));
  });

  it('checks the gating window while gating is on', () => {
    expect(withAlignment({ isGating: true, gatingStart_ns: 5, gatingStop_ns: 1 })).toEqual(
      at('gatingStart_ns', VMSG.gatingStartNotBelowStop),
    );
  });
});

describe('align param: traces', () => {
  const traces = (n: number) => times(n, (i) => ({ ...defaultTrace(i === 0), sParam: 'S21' }));

  it('needs 1 to 9 S parameters', () => {
    expect(withAlignment({ traceArray: [] })).toEqual(at('traceArray', VMSG.addSParameter));
    expect(withAlignment({ traceArray: traces(9) })).toEqual([]);
    expect(withAlignment({ traceArray: traces(10) })).toEqual(at('traceArray', MSG.upTo9SParameters));
  });

  it('needs exactly one active trace', () => {
    const none = traces(2).map((t) => ({ ...t, isActive: false }));
    const both = traces(2).map((t) => ({ ...t, isActive: true }));
    expect(withAlignment({ traceArray: none })).toEqual(at('traceArray', VMSG.oneActiveTrace));
    expect(withAlignment({ traceArray: both })).toEqual(at('traceArray', VMSG.oneActiveTrace));
  });

  it('needs an S parameter the calibration offers', () => {
    expect(withTrace({ sParam: 'S31' })).toEqual(trace0('sParam', VMSG.chooseSParam));
    const thru = { ...CAL, type: 5 as const };
    const errors = errorsWith(ActionId.Align, { channelArray: [completeAlignment()] }, [thru]);
    expect(errors).toEqual(at('traceArray[1].sParam', VMSG.chooseSParam));
  });

  it('offers SWR only for reflection traces', () => {
    expect(withTrace({ df: DisplayFormat.Swr })).toEqual(trace0('df', VMSG.formatNotAllowed));
    expect(withTrace({ sParam: 'S22', df: DisplayFormat.Swr })).toEqual([]);
  });

  it('needs a scale of at least 0, a reference value and a whole reference position of at least 0', () => {
    expect(withTrace({ scale: 0, refPosition: 0 })).toEqual([]);
    expect(withTrace({ scale: -1, refValue: null, refPosition: 1.5 })).toEqual([
      ...trace0('scale', VMSG.atLeast(0)),
      ...trace0('refValue', VMSG.enterNumber),
      ...trace0('refPosition', VMSG.mustBeInteger),
    ]);
    expect(withTrace({ refPosition: -1 })).toEqual(trace0('refPosition', VMSG.atLeast(0)));
  });
});

describe('align param: limit lines and markers', () => {
  it('takes up to 9 limit lines', () => {
    expect(withTrace({ lineArray: times(9, () => line({})) })).toEqual([]);
    expect(withTrace({ lineArray: times(10, () => line({})) })).toEqual(
      trace0('lineArray', MSG.upTo9LimitLines),
    );
  });

  it('needs a line start not above its stop, both inside the calibration range', () => {
    const lineErrors = (values: Partial<LimitLine>) => withTrace({ lineArray: [line({}), line(values)] });
    expect(lineErrors({ startFreq_MHz: 500, stopFreq_MHz: 400 })).toEqual(
      trace0('lineArray[1].startFreq_MHz', MSG.lineStartGreaterThanStop),
    );
    expect(lineErrors({ startFreq_MHz: 100, stopFreq_MHz: 1000 })).toEqual([]);
    expect(lineErrors({ startFreq_MHz: 99.9, stopFreq_MHz: 1000.1 })).toEqual([
      ...trace0('lineArray[1].startFreq_MHz', MSG.lineOutOfCalRange),
      ...trace0('lineArray[1].stopFreq_MHz', MSG.lineOutOfCalRange),
    ]);
  });

  it('needs the values of a line', () => {
    expect(withTrace({ lineArray: [defaultLimitLine('MIN')] })).toEqual(
      ['startFreq_MHz', 'stopFreq_MHz', 'startValue', 'stopValue'].flatMap((f) =>
        trace0(`lineArray[0].${f}`, VMSG.enterNumber),
      ),
    );
  });

  it('takes up to 9 markers, each inside the calibration range', () => {
    const markers = (n: number, freq_MHz: number | null = 500) => times(n, () => ({ freq_MHz }));
    expect(withTrace({ markerArray: markers(9) })).toEqual([]);
    expect(withTrace({ markerArray: markers(10) })).toEqual(trace0('markerArray', MSG.upTo9Markers));
    expect(withTrace({ markerArray: markers(1, 1001) })).toEqual(
      trace0('markerArray[0].freq_MHz', MSG.markerOutOfCalRange),
    );
    expect(withTrace({ markerArray: markers(1, null) })).toEqual(
      trace0('markerArray[0].freq_MHz', VMSG.enterNumber),
    );
  });
});
