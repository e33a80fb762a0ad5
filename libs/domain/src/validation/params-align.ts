/**
 * Value rules of an Alignment Check (docs/requirements/step-parameters.md#alignment-check, docs/requirements/errors-and-envelope.md#client-side-errors): the alignments, their
 * S-parameter traces, limit lines and markers, with the spec's own limit alerts and range texts.
 */
import { alignSParamChoices } from '../calibration/calibration';
import type { Calibration } from '../calibration/calibration.types';
import { allowedDisplayFormats } from '../alignment/traces';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import type { Step } from '../entities/entities';
import type { AlignParam, Alignment, LimitLine, Marker, Trace } from '../params/params.types';
import type { FieldError } from './fields';
import {
  atLeast,
  fieldErrors,
  inSteps,
  integer,
  optionalName,
  requiredNumber,
  startAfterStop,
  underPrefix,
} from './fields';
import { VMSG } from './messages';
import type { StepContext } from './param-rules';
import {
  calFrequencyError,
  calibrationError,
  countCheck,
  findCalibration,
  gatingChecks,
} from './param-rules';

/** Each item's errors under `field[i].`. */
function eachItem<T>(field: string, items: readonly T[], errorsOf: (item: T) => FieldError[]): FieldError[] {
  return items.flatMap((item, i) => underPrefix(errorsOf(item), `${field}[${i}].`));
}

function lineErrors(line: LimitLine, cal: Calibration | undefined): FieldError[] {
  return fieldErrors([
    [
      'startFreq_MHz',
      calFrequencyError(line.startFreq_MHz, cal) ??
        startAfterStop(line.startFreq_MHz, line.stopFreq_MHz, MSG.lineStartGreaterThanStop),
    ],
    ['stopFreq_MHz', calFrequencyError(line.stopFreq_MHz, cal)],
    ['startValue', requiredNumber(line.startValue)],
    ['stopValue', requiredNumber(line.stopValue)],
  ]);
}

function markerErrors(marker: Marker, cal: Calibration | undefined): FieldError[] {
  return fieldErrors([['freq_MHz', calFrequencyError(marker.freq_MHz, cal, MSG.markerOutOfCalRange)]]);
}

function traceErrors(trace: Trace, cal: Calibration | undefined): FieldError[] {
  const sParamOk = alignSParamChoices(cal).includes(trace.sParam);
  return [
    ...fieldErrors([
      ['sParam', sParamOk ? undefined : VMSG.chooseSParam],
      // docs/requirements/step-parameters.md#alignment-check: SWR is offered only for reflection traces
      ['df', allowedDisplayFormats(trace.sParam).includes(trace.df) ? undefined : VMSG.formatNotAllowed],
      ['scale', requiredNumber(trace.scale, atLeast(0))],
      ['refValue', requiredNumber(trace.refValue)],
      ['refPosition', requiredNumber(trace.refPosition, integer, atLeast(0))],
      countCheck('lineArray', trace.lineArray, LIMITS.linesPerTrace, MSG.upTo9LimitLines),
      countCheck('markerArray', trace.markerArray, LIMITS.markersPerTrace, MSG.upTo9Markers),
    ]),
    ...eachItem('lineArray', trace.lineArray, (line) => lineErrors(line, cal)),
    ...eachItem('markerArray', trace.markerArray, (marker) => markerErrors(marker, cal)),
  ];
}

/** Some trace, at most 9, exactly one of them active (docs/requirements/step-parameters.md#alignment-check). */
function tracesError(traces: readonly Trace[]): string | undefined {
  if (traces.length === 0) return VMSG.addSParameter;
  if (traces.length > LIMITS.tracesPerAlignment) return MSG.upTo9SParameters;
  return traces.filter((t) => t.isActive).length === 1 ? undefined : VMSG.oneActiveTrace;
}

function alignmentErrors(alignment: Alignment, cals: readonly Calibration[]): FieldError[] {
  const cal = findCalibration(cals, alignment.calId);
  return [
    ...fieldErrors([
      // the title and the file name are optional: the channel and the screenshot need none
      ['title', optionalName(alignment.title)],
      ['calId', calibrationError(cal)],
      ['IFBW_Hz', requiredNumber(alignment.IFBW_Hz, integer, atLeast(1))],
      ['average', requiredNumber(alignment.average, integer, atLeast(1))],
      [
        'div',
        requiredNumber(alignment.div, inSteps(LIMITS.minAlignDiv, LIMITS.maxAlignDiv, LIMITS.alignDivStep)),
      ],
      ['fileName', optionalName(alignment.fileName, LIMITS.longTextLength)],
      ...gatingChecks(alignment),
      ['traceArray', tracesError(alignment.traceArray)],
    ]),
    ...eachItem('traceArray', alignment.traceArray, (trace) => traceErrors(trace, cal)),
  ];
}

export function alignParamErrors(p: AlignParam, _step: Step, ctx: StepContext): FieldError[] {
  const count = p.channelArray.length;
  return [
    ...fieldErrors([
      [
        'channelArray',
        count === 0 ? VMSG.addAlignment : count > LIMITS.alignmentsPerStep ? MSG.upTo9Alignments : undefined,
      ],
    ]),
    ...eachItem('channelArray', p.channelArray, (alignment) => alignmentErrors(alignment, ctx.cals)),
  ];
}
