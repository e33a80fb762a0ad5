import fc from 'fast-check';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import { defaultCalibration } from '../params/defaults';
import {
  alignSParamChoices,
  calibrationPorts,
  calibrationsAfterAdd,
  isCalibrationType,
  isReflection,
  isTransmission,
  isValidPorts,
  keepValidSParam,
  nextCalibrationId,
  portOptions,
  portsAfterTypeChange,
} from './calibration';
import type { Calibration, CalibrationType } from './calibration.types';
import { CALIBRATION_TYPES, THRU } from './calibration.types';

const cals = (n: number): Calibration[] =>
  Array.from({ length: n }, (_, i) => defaultCalibration(i + 1, 2, '1-2'));

describe('calibration ports', () => {
  it.each<[CalibrationType, string[]]>([
    [1, ['1', '2', '3', '4']],
    [2, ['1-2', '1-3', '1-4', '2-3', '2-4', '3-4']],
    [3, ['1-2-3', '1-2-4', '1-3-4', '2-3-4']],
    [4, ['1-2-3-4']],
    [THRU, ['1-2', '1-3', '1-4', '2-3', '2-4', '3-4']],
  ])('offers the ports of type %i', (type, options) => {
    expect(portOptions(type)).toEqual(options);
  });

  it.each<[CalibrationType, string]>([
    [1, '1'],
    [2, '1-2'],
    [3, '1-2-3'],
    [4, '1-2-3-4'],
    [THRU, '1-2'],
  ])('resets the ports of type %i to %s, its first option', (type, ports) => {
    expect(portsAfterTypeChange(type)).toBe(ports);
  });

  it('accepts every offered option and the reset ports', () => {
    for (const type of CALIBRATION_TYPES) {
      expect(isValidPorts(type, portsAfterTypeChange(type))).toBe(true);
      for (const ports of portOptions(type)) expect(isValidPorts(type, ports)).toBe(true);
    }
  });

  it.each<[number, string]>([
    [2, '2-1'],
    [3, '1-2'],
    [1, ''],
    [1, '5'],
    [5, '1-2-3'],
    [0, '1'],
    [6, '1-2'],
  ])('refuses type %i with ports "%s"', (type, ports) => {
    expect(isValidPorts(type, ports)).toBe(false);
  });

  it('knows the calibration types 1 to 5 and nothing else', () => {
    for (const type of [1, 2, 3, 4, 5]) expect(isCalibrationType(type)).toBe(true);
    for (const x of [0, 6, -1, 1.5, '1', null, undefined, NaN, {}]) expect(isCalibrationType(x)).toBe(false);
  });

  it('reads the port numbers of a ports string', () => {
    expect(calibrationPorts('1-2-4')).toEqual([1, 2, 4]);
    expect(calibrationPorts('3')).toEqual([3]);
    expect(calibrationPorts('')).toEqual([]);
  });
});

describe('reflection and transmission', () => {
  it.each(['S11', 'S22', 'S33', 'S44'])('%s is a reflection', (s) => {
    expect(isReflection(s)).toBe(true);
    expect(isTransmission(s)).toBe(false);
  });

  it.each(['S21', 'S12', 'S34', 'S41'])('%s is a transmission', (s) => {
    expect(isTransmission(s)).toBe(true);
    expect(isReflection(s)).toBe(false);
  });

  it.each(['', 'S55', 'S15', 'S1', 'S111', 's11', 'S12 ', 'X21'])('"%s" is neither', (s) => {
    expect(isReflection(s)).toBe(false);
    expect(isTransmission(s)).toBe(false);
  });

  it('classes every S{i}{j} of 4 ports as exactly one of the two', () => {
    const port = fc.integer({ min: 1, max: 4 });
    fc.assert(
      fc.property(port, port, (i, j) => {
        expect(isReflection(`S${i}${j}`)).toBe(i === j);
        expect(isTransmission(`S${i}${j}`)).toBe(i !== j);
      }),
    );
  });
});

describe('alignSParamChoices', () => {
  it('offers nothing without a calibration or with invalid ports', () => {
    expect(alignSParamChoices(undefined)).toEqual([]);
    expect(alignSParamChoices({ type: 2, ports: '1-2-3' })).toEqual([]);
  });

  it('offers every S{i}{j} of a full calibration', () => {
    expect(alignSParamChoices({ type: 1, ports: '2' })).toEqual(['S22']);
    expect(alignSParamChoices({ type: 2, ports: '1-3' })).toEqual(['S11', 'S13', 'S31', 'S33']);
    expect(alignSParamChoices({ type: 4, ports: '1-2-3-4' })).toHaveLength(16);
  });

  it('offers both directions of a Thru, forward first', () => {
    expect(alignSParamChoices({ type: THRU, ports: '1-2' })).toEqual(['S21', 'S12']);
    expect(alignSParamChoices({ type: THRU, ports: '2-4' })).toEqual(['S42', 'S24']);
  });
});

describe('keepValidSParam', () => {
  it('keeps an S parameter that is still offered and clears one that is not', () => {
    expect(keepValidSParam('S21', ['S12', 'S21'])).toBe('S21');
    expect(keepValidSParam('S31', ['S12', 'S21'])).toBe('');
    expect(keepValidSParam('S11', [])).toBe('');
    expect(keepValidSParam('', ['S11'])).toBe('');
  });
});

describe('calibrationsAfterAdd', () => {
  it(`accepts the ${LIMITS.calibrationsPerTest}th calibration`, () => {
    const before = cals(15);
    const added = defaultCalibration(16, 1, '1');
    const result = calibrationsAfterAdd(before, added);
    expect(result).toEqual({ cals: [...before, added] });
    expect(before).toHaveLength(15);
  });

  it('refuses the 17th calibration', () => {
    expect(calibrationsAfterAdd(cals(16), defaultCalibration(17, 1, '1'))).toEqual({
      error: MSG.upTo16Calibrations,
    });
  });

  it('adds the first calibration to an empty test', () => {
    const cal = defaultCalibration(1, 1, '1');
    expect(calibrationsAfterAdd([], cal)).toEqual({ cals: [cal] });
  });
});

describe('nextCalibrationId', () => {
  it('starts at 1 and continues after the highest id', () => {
    expect(nextCalibrationId([])).toBe(1);
    expect(nextCalibrationId([defaultCalibration(3, 1, '1'), defaultCalibration(1, 1, '2')])).toBe(4);
  });

  it('never returns an id already in use', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 10_000 })), (ids) => {
        const list = ids.map((id) => defaultCalibration(id, 1, '1'));
        const next = nextCalibrationId(list);
        expect(ids).not.toContain(next);
        expect(next).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
