import {
  defaultAlignment,
  defaultCalibration,
  defaultParamOfKind,
  defaultTrace,
  DisplayFormat,
} from '@sweepline/domain';
import { calibrationPlan } from './calibration-plan';
import {
  alignTraceSetups,
  calibrationPortsOf,
  channelSetupOf,
  pimFixedSetupOf,
  pimSweptSetupOf,
  traceSetupOf,
} from './step-setup';

describe('what a driver sets up for a step', () => {
  it('takes the channel from the calibration, with its defaults, and an alignment’s IFBW and averaging', () => {
    const cal = { ...defaultCalibration(1, 2, '1-2'), startFreq_MHz: 800, stopFreq_MHz: 1000 };
    expect(channelSetupOf(cal)).toEqual({
      startHz: 800e6,
      stopHz: 1000e6,
      points: 1601,
      ifbwHz: 1000,
      powerDbm: 0,
      averages: 1,
      ports: [1, 2],
    });
    expect(channelSetupOf({ ...cal, power_dBm: -10 }, { ifbwHz: 30000, averages: 8 })).toMatchObject({
      ifbwHz: 30000,
      averages: 8,
      powerDbm: -10,
    });
    expect(() => channelSetupOf({ ...cal, startFreq_MHz: null })).toThrow(
      'The calibration start frequency is not set',
    );
  });

  it('reads calibration types 1-4 as full calibrations of their ports and 5 as a thru', () => {
    expect(calibrationPortsOf(defaultCalibration(1, 3, '1-2-4'))).toEqual({
      ports: [1, 2, 4],
      thruOnly: false,
    });
    expect(calibrationPortsOf(defaultCalibration(1, 5, '2-3'))).toEqual({ ports: [2, 3], thruOnly: true });
  });

  it('sets the trace’s S parameter, format, smoothing and gate (ns to s)', () => {
    const step = {
      ...defaultParamOfKind('general'),
      smooth: 3,
      isGating: true,
      gatingType: 'Notch' as const,
      gatingShape: 'Maximum' as const,
      gatingStart_ns: -1,
      gatingStop_ns: 4,
    };
    expect(traceSetupOf('S21', 'groupDelay', step)).toEqual({
      sParam: 'S21',
      format: 'groupDelay',
      smoothingPct: 3,
      gate: { type: 'Notch', shape: 'Maximum', startS: -1e-9, stopS: 4e-9 },
    });
    expect(traceSetupOf('S11', 'swr', defaultParamOfKind('cable'))).toEqual({
      sParam: 'S11',
      format: 'swr',
      smoothingPct: 0,
    });
  });

  it('gives an alignment one trace per alignment trace, in its display format', () => {
    const alignment = {
      ...defaultAlignment(),
      traceArray: [
        { ...defaultTrace(true), sParam: 'S21', df: DisplayFormat.LogMag },
        { ...defaultTrace(), sParam: 'S21', df: DisplayFormat.GroupDelay },
        { ...defaultTrace(), sParam: 'S11', df: DisplayFormat.Swr },
        { ...defaultTrace(), sParam: 'S22', df: DisplayFormat.Phase },
      ],
    };
    expect(alignTraceSetups(alignment).map((t) => `${t.sParam} ${t.format}`)).toEqual([
      'S21 logMag',
      'S21 groupDelay',
      'S11 swr',
      'S22 phase',
    ]);
  });

  it('turns PIM params into carriers at powerOutput + powerOffset, the IM order and product, mode and unit', () => {
    const fix = {
      ...defaultParamOfKind('pimFix'),
      fix1_MHz: 935,
      fix2_MHz: 955,
      powerOffset: 0.5,
      imOrder: 'IM5H' as const,
      mode: 'forward' as const,
      unit: 'dBc' as const,
    };
    expect(pimFixedSetupOf(fix)).toEqual({
      carrierDbm: 43.5,
      imOrder: 5,
      imProduct: 'high',
      mode: 'forward',
      unit: 'dBc',
      f1Hz: 935e6,
      f2Hz: 955e6,
      durationS: 30,
    });
    const sweep = {
      ...defaultParamOfKind('pimSweep'),
      sweep1Start_MHz: 925,
      sweep1Stop_MHz: 935,
      sweep2Start_MHz: 950,
      sweep2Stop_MHz: 960,
    };
    expect(pimSweptSetupOf(sweep)).toEqual({
      carrierDbm: 43,
      imOrder: 3,
      imProduct: 'low',
      mode: 'reverse',
      unit: 'dBm',
      sweep1: { startHz: 925e6, stopHz: 935e6 },
      sweep2: { startHz: 950e6, stopHz: 960e6 },
      stepHz: 0.5e6,
      count: 3,
    });
  });
});

describe('calibration plan', () => {
  it('asks for open, short and load on each port, then a thru between every pair', () => {
    const plan = calibrationPlan({ ports: [1, 2, 3], method: 'mechanical' });
    expect(plan).toHaveLength(12);
    expect(plan.slice(9).map((s) => s.prompt)).toEqual([
      'Connect THRU between port 1 and port 2',
      'Connect THRU between port 1 and port 3',
      'Connect THRU between port 2 and port 3',
    ]);
    expect(plan[0]).toEqual({
      index: 1,
      count: 12,
      standard: 'OPEN',
      ports: [1],
      prompt: 'Connect OPEN to port 1',
    });
  });

  it('refuses ports that are not distinct 1-4 ascending, and a thru that is not between two ports', () => {
    expect(() => calibrationPlan({ ports: [2, 1], method: 'mechanical' })).toThrow(
      'Calibration ports must be distinct test ports 1-4 in ascending order, not [2, 1]',
    );
    expect(() => calibrationPlan({ ports: [], method: 'ecal' })).toThrow(/not \[\]/);
    expect(() => calibrationPlan({ ports: [1], thruOnly: true, method: 'mechanical' })).toThrow(
      'A thru calibration takes two ports, not [1]',
    );
  });
});
