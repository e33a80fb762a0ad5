import { DEFAULTS, DisplayFormat, THRU } from '@sweepline/domain';
import type {
  Alignment,
  Calibration,
  GatingFields,
  ImOrder,
  PimCommonParam,
  PimFixParam,
  PimSweepParam,
} from '@sweepline/domain';
import type { ChannelSetup, Gate, TraceFormat, TraceSetup } from './network-analyzer';
import type { PimCommonSetup, PimFixedSetup, PimSweptSetup } from './pim-analyzer';

/**
 * What a driver must set up for a step (docs/requirements/test-editor.md#step-fields), from the step's and its
 * calibration's parameters: the channel follows the calibration (frequencies, points, IFBW,
 * power), the trace follows the step (S parameter, format, smoothing, gating, averaging).
 * The runner only runs complete tests, so a missing value here is a programming error.
 */
function required(value: number | null | undefined, name: string): number {
  if (value === null || value === undefined || !Number.isFinite(value))
    throw new RangeError(`${name} is not set`);
  return value;
}

const MHZ = 1e6;
const NS = 1e-9;

/** The channel a calibration measures on; an alignment may override its IFBW and averaging. */
export function channelSetupOf(
  cal: Calibration,
  overrides: { averages?: number | null; ifbwHz?: number | null } = {},
): ChannelSetup {
  const { ports } = calibrationPortsOf(cal);
  return {
    startHz: required(cal.startFreq_MHz, 'The calibration start frequency') * MHZ,
    stopHz: required(cal.stopFreq_MHz, 'The calibration stop frequency') * MHZ,
    points: cal.freqPoints ?? DEFAULTS.calFreqPoints,
    ifbwHz: overrides.ifbwHz ?? cal.IFBW_Hz ?? DEFAULTS.calIFBW_Hz,
    powerDbm: cal.power_dBm ?? DEFAULTS.calPower_dBm,
    averages: Math.max(1, overrides.averages ?? 1),
    ports,
  };
}

/** Calibration type 1-4: that many ports, full; 5: a thru between the two ports named. */
export function calibrationPortsOf(cal: Calibration): { ports: number[]; thruOnly: boolean } {
  const ports = cal.ports.split('-').map(Number);
  return { ports, thruOnly: cal.type === THRU };
}

export function gateOf(fields: GatingFields): Gate | undefined {
  if (!fields.isGating) return undefined;
  return {
    type: fields.gatingType,
    shape: fields.gatingShape,
    startS: required(fields.gatingStart_ns, 'The gate start') * NS,
    stopS: required(fields.gatingStop_ns, 'The gate stop') * NS,
  };
}

/** A general NA or Cable step's trace: its S parameter in the format its action judges. */
export function traceSetupOf(
  sParam: string,
  format: TraceFormat,
  step: GatingFields & { smooth: number | null },
): TraceSetup {
  const gate = gateOf(step);
  return { sParam, format, smoothingPct: step.smooth ?? 0, ...(gate ? { gate } : {}) };
}

const DISPLAY_FORMATS: Readonly<Record<DisplayFormat, TraceFormat>> = {
  [DisplayFormat.LogMag]: 'logMag',
  [DisplayFormat.Phase]: 'phase',
  [DisplayFormat.GroupDelay]: 'groupDelay',
  [DisplayFormat.Swr]: 'swr',
};

export function traceFormatOfDisplay(df: DisplayFormat): TraceFormat {
  return DISPLAY_FORMATS[df];
}

/** An Align step's channel: one trace per alignment trace, with the alignment's gate. */
export function alignTraceSetups(alignment: Alignment, smoothingPct = 0): TraceSetup[] {
  const gate = gateOf(alignment);
  return alignment.traceArray.map((trace) => ({
    sParam: trace.sParam,
    format: traceFormatOfDisplay(trace.df),
    smoothingPct,
    ...(gate ? { gate } : {}),
  }));
}

function imOf(order: ImOrder): Pick<PimCommonSetup, 'imOrder' | 'imProduct'> {
  return {
    imOrder: Number(order.slice(2, 3)) as PimCommonSetup['imOrder'],
    imProduct: order.endsWith('H') ? 'high' : 'low',
  };
}

function pimCommonOf(param: PimCommonParam): PimCommonSetup {
  return {
    ...imOf(param.imOrder),
    // INSTRUMENTS.md section 3 [P]: carrier power = powerOutput + powerOffset.
    carrierDbm:
      required(param.powerOutput, 'The PIM power output') + (param.powerOffset ?? DEFAULTS.pimPowerOffset),
    mode: param.mode === 'forward' ? 'forward' : 'reverse',
    unit: param.unit,
  };
}

export function pimFixedSetupOf(param: PimFixParam): PimFixedSetup {
  return {
    ...pimCommonOf(param),
    f1Hz: required(param.fix1_MHz, 'Carrier 1') * MHZ,
    f2Hz: required(param.fix2_MHz, 'Carrier 2') * MHZ,
    durationS: param.fixTime_sec ?? DEFAULTS.fixTime_sec,
  };
}

export function pimSweptSetupOf(param: PimSweepParam): PimSweptSetup {
  return {
    ...pimCommonOf(param),
    sweep1: {
      startHz: required(param.sweep1Start_MHz, 'Sweep 1 start') * MHZ,
      stopHz: required(param.sweep1Stop_MHz, 'Sweep 1 stop') * MHZ,
    },
    sweep2: {
      startHz: required(param.sweep2Start_MHz, 'Sweep 2 start') * MHZ,
      stopHz: required(param.sweep2Stop_MHz, 'Sweep 2 stop') * MHZ,
    },
    stepHz: (param.sweepStep_MHz ?? DEFAULTS.sweepStep_MHz) * MHZ,
    count: param.sweepCount ?? DEFAULTS.sweepCount,
  };
}
