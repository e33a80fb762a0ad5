/**
 * The shape of each step param kind, checked before any value rule: the API receives params as
 * JSON, so a wrong type, a missing key or an array that is not an array must come back as an
 * error, never as an exception. Keys outside the shape are ignored.
 */
import type { ParamKind } from '../catalogue/catalogue';
import type { ParamByKind } from '../params/params.types';
import {
  ANSWERS,
  DisplayFormat,
  GATING_SHAPES,
  GATING_TYPES,
  IM_ORDERS,
  PIM_MODES,
  PIM_UNITS,
  PORT12_MEAS_TYPES,
} from '../params/params.types';
import type { FieldError } from './fields';
import { VMSG } from './messages';

/**
 * 'number' is a finite number or null (not entered yet); 'id' is a finite number (NO_ID for
 * none); a list is the values an enumeration allows.
 */
type FieldShape = 'number' | 'id' | 'string' | 'boolean' | readonly (string | number)[] | { array: Shape };
type Shape = Readonly<Record<string, FieldShape>>;
/** Every key of T, so the compiler notices a shape that forgot a field of the param type. */
type ShapeOf<T> = { readonly [K in keyof T]-?: FieldShape };

const DISPLAY_FORMATS: readonly DisplayFormat[] = [
  DisplayFormat.LogMag,
  DisplayFormat.Phase,
  DisplayFormat.GroupDelay,
  DisplayFormat.Swr,
];

const limits = { title: 'string', upper: 'number', lower: 'number' } as const;
const gating = {
  isGating: 'boolean',
  gatingType: GATING_TYPES,
  gatingShape: GATING_SHAPES,
  gatingStart_ns: 'number',
  gatingStop_ns: 'number',
} as const;
const naCommon = {
  startFreq_MHz: 'number',
  stopFreq_MHz: 'number',
  calId: 'id',
  average: 'number',
  smooth: 'number',
  isReportScreen: 'boolean',
  refPos: 'number',
  ...gating,
} as const;
const pimCommon = {
  ...limits,
  unit: PIM_UNITS,
  powerOutput: 'number',
  powerOffset: 'number',
  imOrder: IM_ORDERS,
  mode: PIM_MODES,
  isReportScreen: 'boolean',
} as const;

const line = {
  type: ['MIN', 'MAX'],
  startFreq_MHz: 'number',
  stopFreq_MHz: 'number',
  startValue: 'number',
  stopValue: 'number',
} as const;
const trace = {
  name: 'string',
  isActive: 'boolean',
  sParam: 'string',
  df: DISPLAY_FORMATS,
  scale: 'number',
  refValue: 'number',
  refPosition: 'number',
  lineArray: { array: line },
  markerArray: { array: { freq_MHz: 'number' } },
} as const;
const alignment = {
  title: 'string',
  calId: 'id',
  IFBW_Hz: 'number',
  average: 'number',
  isShowFreq: 'boolean',
  div: 'number',
  fileName: 'string',
  isActiveMarker: 'boolean',
  ...gating,
  traceArray: { array: trace },
} as const;

const SHAPES: { readonly [K in ParamKind]: ShapeOf<ParamByKind[K]> } = {
  text: { value: 'string' },
  delay: { value: 'number' },
  manual: { ...limits, question: 'string', unit: 'string' },
  question: { title: 'string', question: 'string', answer: ANSWERS },
  multipleChoice: {
    title: 'string',
    question: 'string',
    optionArray: { array: { checked: 'boolean', text: 'string' } },
  },
  general: {
    ...limits,
    ...naCommon,
    sParam: 'string',
    freq_MHz: 'number',
    spanFreq_MHz: 'number',
    bindStepId: 'id',
  },
  cable: {
    ...naCommon,
    title: 'string',
    port12MeasType: PORT12_MEAS_TYPES,
    port1Limit: 'number',
    port2Limit: 'number',
    transLossLimit_dB: 'number',
  },
  align: { channelArray: { array: alignment } },
  diff: { ...limits, stepId1: 'id', stepId2: 'id' },
  snp: { value: 'string' },
  pimFix: { ...pimCommon, fix1_MHz: 'number', fix2_MHz: 'number', fixTime_sec: 'number' },
  pimSweep: {
    ...pimCommon,
    sweep1Start_MHz: 'number',
    sweep1Stop_MHz: 'number',
    sweep2Start_MHz: 'number',
    sweep2Stop_MHz: 'number',
    sweepStep_MHz: 'number',
    sweepCount: 'number',
  },
};

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isArrayShape(shape: FieldShape): shape is { array: Shape } {
  return typeof shape === 'object' && 'array' in shape;
}

function fieldFits(shape: FieldShape, value: unknown): boolean {
  if (shape === 'number') return value === null || (typeof value === 'number' && Number.isFinite(value));
  if (shape === 'id') return typeof value === 'number' && Number.isFinite(value);
  if (shape === 'string') return typeof value === 'string';
  if (shape === 'boolean') return typeof value === 'boolean';
  if (isArrayShape(shape)) return Array.isArray(value);
  return shape.includes(value as string | number);
}

/**
 * A shape as a list, its messages and item lists worked out once per kind: every step of a test
 * is shape-checked on every edit, and walking the shape objects anew each time was the largest
 * cost of validating a 500-step test (bench/domain.bench.ts).
 */
interface ShapeField {
  key: string;
  shape: FieldShape;
  /** an enumeration asks the user to choose; any other wrong type is simply invalid */
  message: string;
  items?: readonly ShapeField[];
}

function shapeFields(shape: Shape): ShapeField[] {
  return Object.entries(shape).map(([key, fieldShape]) => {
    if (isArrayShape(fieldShape)) {
      return { key, shape: fieldShape, message: VMSG.invalidValue, items: shapeFields(fieldShape.array) };
    }
    const enumeration = typeof fieldShape === 'object';
    return { key, shape: fieldShape, message: enumeration ? VMSG.chooseOption : VMSG.invalidValue };
  });
}

const FIELDS = new Map<ParamKind, readonly ShapeField[]>();

function fieldsOf(kind: ParamKind): readonly ShapeField[] {
  let fields = FIELDS.get(kind);
  if (!fields) FIELDS.set(kind, (fields = shapeFields(SHAPES[kind])));
  return fields;
}

/** Pushes onto `errors` rather than returning lists: a well-shaped param then allocates nothing. */
function collectShapeErrors(
  fields: readonly ShapeField[],
  value: Record<string, unknown>,
  prefix: string,
  errors: FieldError[],
): void {
  for (const { key, shape, message, items } of fields) {
    const fieldValue = value[key];
    if (!fieldFits(shape, fieldValue)) errors.push({ field: prefix + key, message });
    else if (items) collectItemErrors(items, fieldValue as unknown[], prefix + key, errors);
  }
}

function collectItemErrors(
  items: readonly ShapeField[],
  list: readonly unknown[],
  field: string,
  errors: FieldError[],
): void {
  list.forEach((item, i) => {
    if (isRecord(item)) collectShapeErrors(items, item, `${field}[${i}].`, errors);
    else errors.push({ field: `${field}[${i}]`, message: VMSG.invalidValue });
  });
}

/** What does not fit the shape of the kind: [{ field: 'param' }] when it is not even an object. */
export function paramShapeErrors(kind: ParamKind, value: unknown): FieldError[] {
  if (!isRecord(value)) return [{ field: 'param', message: VMSG.invalidParam }];
  const errors: FieldError[] = [];
  collectShapeErrors(fieldsOf(kind), value, '', errors);
  return errors;
}

/** True when `value` has every field of the kind's param with the right type. */
export function isParamShape<K extends ParamKind>(kind: K, value: unknown): value is ParamByKind[K] {
  return paramShapeErrors(kind, value).length === 0;
}
