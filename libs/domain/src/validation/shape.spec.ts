import type { ParamKind } from '../catalogue/catalogue';
import { defaultAlignment, defaultParamOfKind, defaultTrace } from '../params/defaults';
import { VMSG } from './messages';
import { isParamShape, paramShapeErrors } from './shape';

const KINDS: ParamKind[] = [
  'text',
  'delay',
  'manual',
  'question',
  'multipleChoice',
  'general',
  'cable',
  'align',
  'diff',
  'snp',
  'pimFix',
  'pimSweep',
];
const general = (values: Record<string, unknown>) => ({ ...defaultParamOfKind('general'), ...values });

describe('isParamShape', () => {
  it.each(KINDS)('accepts the default %s param', (kind) => {
    expect(isParamShape(kind, defaultParamOfKind(kind))).toBe(true);
  });

  it('ignores keys outside the shape', () => {
    expect(isParamShape('snp', { value: 'a.s2p', extra: 1 })).toBe(true);
  });

  it('refuses a param of another kind', () => {
    expect(isParamShape('snp', defaultParamOfKind('delay'))).toBe(false);
  });
});

describe('paramShapeErrors', () => {
  it.each([null, 'x', 3, [], [{ value: '' }]])('refuses %p as a param', (value) => {
    expect(paramShapeErrors('text', value)).toEqual([{ field: 'param', message: VMSG.invalidParam }]);
  });

  it('takes null for a number not entered yet, but not for an id', () => {
    expect(paramShapeErrors('general', general({ upper: null }))).toEqual([]);
    expect(paramShapeErrors('general', general({ calId: null }))).toEqual([
      { field: 'calId', message: VMSG.invalidValue },
    ]);
  });

  it('refuses wrong types and missing keys', () => {
    const { title: _title, ...noTitle } = general({ upper: '3', isGating: 'no', smooth: Infinity });
    expect(paramShapeErrors('general', noTitle)).toEqual([
      { field: 'title', message: VMSG.invalidValue },
      { field: 'upper', message: VMSG.invalidValue },
      { field: 'smooth', message: VMSG.invalidValue },
      { field: 'isGating', message: VMSG.invalidValue },
    ]);
  });

  it('asks to choose when an enumeration holds another value', () => {
    expect(paramShapeErrors('general', general({ gatingType: 'Lowpass', gatingShape: 2 }))).toEqual([
      { field: 'gatingType', message: VMSG.chooseOption },
      { field: 'gatingShape', message: VMSG.chooseOption },
    ]);
  });

  it('checks arrays and every item inside them', () => {
    expect(paramShapeErrors('align', { channelArray: {} })).toEqual([
      { field: 'channelArray', message: VMSG.invalidValue },
    ]);
    const trace = { ...defaultTrace(true), df: 7, markerArray: [{ freq_MHz: '1' }, 5] };
    expect(
      paramShapeErrors('align', { channelArray: [{ ...defaultAlignment(), traceArray: [trace] }, null] }),
    ).toEqual([
      { field: 'channelArray[0].traceArray[0].df', message: VMSG.chooseOption },
      { field: 'channelArray[0].traceArray[0].markerArray[0].freq_MHz', message: VMSG.invalidValue },
      { field: 'channelArray[0].traceArray[0].markerArray[1]', message: VMSG.invalidValue },
      { field: 'channelArray[1]', message: VMSG.invalidValue },
    ]);
  });
});
