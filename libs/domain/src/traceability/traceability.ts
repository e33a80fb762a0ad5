import type {
  CalibrationState,
  CalibrationUse,
  CertificateFields,
  InstrumentUse,
  RunOrigin,
} from '../api/instruments';
import { dayNumber, localDay } from '../time/days';
import type { FieldError } from '../validation/fields';
import { VMSG } from '../validation/messages';
import { isRecord } from '../validation/shape';
import { isValidStationText, STATION_LIMITS, STATION_MSG } from '../stations/stations';
import { parseRunTime } from '../time/iso-time';

/**
 * The rules of instrument and calibration traceability (issue 40, docs/traceability.md):
 * what a run may say measured it, when an instrument is due or overdue, what a certificate is.
 */

/** An instrument is 'due' this many days before its certificate's due date. */
export const CALIBRATION_DUE_DAYS = 30;

export const ORIGIN_LIMITS = {
  /** vendor, model, serial, firmware, made_by, ecal_serial, certificate number and laboratory. */
  textLength: 100,
  resourceLength: 256,
  versionLength: 40,
  /** A lab PC drives a network analyzer and a PIM analyzer; a few more is generous. */
  instruments: 8,
  /** Calibrations of one run: a test has at most 16 calibrations (one per channel). */
  calibrations: 16,
  keyLength: 64,
  /** A certificate's PDF. */
  certificateBytes: 5 * 1024 * 1024,
  /** Containment lists at most this many runs; the CSV has them all. */
  containmentRuns: 5000,
  /** Units sent back for retest in one call. */
  retestUnits: 1000,
  /** Days a containment query may span. */
  containmentDays: 731,
} as const;

export const INSTRUMENT_ROLES = ['network_analyzer', 'pim_analyzer'] as const;
export const CALIBRATION_KINDS = ['mechanical', 'ecal'] as const;

/** Screen and PDF words for each state (the list, /tr, the runner's lines). */
export const CALIBRATION_STATE_LABELS: Record<CalibrationState, string> = {
  valid: 'Valid',
  due: 'Due soon',
  overdue: 'Overdue',
  unknown: 'Unknown',
};

export const ROLE_LABELS: Record<(typeof INSTRUMENT_ROLES)[number], string> = {
  network_analyzer: 'Network analyzer',
  pim_analyzer: 'PIM analyzer',
};

/** An instrument's name in messages: 'Keysight Technologies E5071C, serial number MY12345'. */
export function instrumentName(i: Pick<InstrumentUse, 'vendor' | 'model' | 'serial'>): string {
  return `${i.vendor} ${i.model}, serial number ${i.serial}`;
}

export const ORIGIN_MSG = {
  text: `1 to ${ORIGIN_LIMITS.textLength} characters, without control characters`,
  resource: `1 to ${ORIGIN_LIMITS.resourceLength} characters, without control characters`,
  version: `1 to ${ORIGIN_LIMITS.versionLength} characters, without control characters`,
  role: `A role is one of ${INSTRUMENT_ROLES.join(', ')}`,
  kind: `A calibration kind is one of ${CALIBRATION_KINDS.join(', ')}`,
  instruments: `Up to ${ORIGIN_LIMITS.instruments} instruments`,
  calibrations: `Up to ${ORIGIN_LIMITS.calibrations} calibrations`,
  key: `Up to ${ORIGIN_LIMITS.keyLength} letters, digits and . _ : -`,
  twoInstruments: 'The run names this instrument twice',
  twoCalibrations: 'The run names this calibration twice',
  stepIndices: 'A list of the step results (indices in steps) measured with it',
  stepTwice: (index: number) => `Step result ${index} is named by two calibrations`,
  noSuchStep: (index: number) => `No step result ${index}`,
  notAnAnalyzer: 'The index of a network analyzer in instruments',
  partial:
    'A calibration is sent whole (instrument, kind, ports, start_MHz, stop_MHz, made_at, made_by) or by its key alone',
  ecalSerial: 'An ECal calibration names its module’s serial number, a mechanical one none',
  ports: 'Ports joined by -, ascending: 1, 1-2, 1-2-3 or 1-2-3-4',
  range: 'start_MHz and stop_MHz are frequencies in MHz, start below stop',
  madeAfterRun: 'The calibration was made after the run started',
  unknownCalibration: (key: string) =>
    `Calibration ${key} is not known to the server: send it whole, with its instrument, kind, ports, range, time and operator`,
  calibrationElsewhere: (key: string) => `Calibration ${key} was made on another instrument`,
  overdue: (name: string, dueOn: string) =>
    `${name} was overdue for calibration (due on ${dueOn}). Record its new certificate on the Instruments screen, or a manager may allow measuring with overdue instruments in Settings.`,
  dueSoon: (name: string, dueOn: string, days: number) =>
    `${name} is due for calibration on ${dueOn}, in ${days} day${days === 1 ? '' : 's'}.`,
  notRecorded: 'not recorded',
  measuredOverdue: 'Measured with an instrument overdue for calibration, as the account allows',
  // certificates
  day: 'A date like 2026-11-29',
  dueBeforeCalibrated: 'The due date is before the calibration date',
  calibratedInFuture: 'The calibration date is in the future',
  noFile: 'Choose the certificate as a PDF',
  notPdf: 'The file is not a PDF',
  pdfTooLarge: `A certificate's PDF is at most ${ORIGIN_LIMITS.certificateBytes / 1024 / 1024} MiB`,
  // containment
  oneCriterion: 'Choose an instrument, a calibration, a station or an operator',
  rangeTooLong: `A range of at most ${ORIGIN_LIMITS.containmentDays} days`,
  fromAfterTo: 'The range ends before it starts',
  retestUnits: `1 to ${ORIGIN_LIMITS.retestUnits} serial numbers`,
} as const;

const KEY = new RegExp(`^[A-Za-z0-9._:-]{1,${ORIGIN_LIMITS.keyLength}}$`);
const PORTS = /^(1|1-2|1-2-3|1-2-3-4)$/;
const err = (field: string, message: string): FieldError => ({ field, message });
const text = (value: unknown, max: number) => isValidStationText(value, max);

/**
 * The state of an instrument whose certificate is due on `dueOn` (null: none) at `atMs`, in the
 * account's zone: the due day itself is still valid, the day after it is overdue.
 */
export function calibrationState(
  dueOn: string | null,
  atMs: number,
  zoneOffsetHours: number,
): { state: CalibrationState; daysLeft: number | null } {
  const due = dueOn === null ? undefined : dayNumber(dueOn);
  if (due === undefined) return { state: 'unknown', daysLeft: null };
  const daysLeft = due - dayNumber(localDay(atMs, zoneOffsetHours))!;
  const state = daysLeft < 0 ? 'overdue' : daysLeft <= CALIBRATION_DUE_DAYS ? 'due' : 'valid';
  return { state, daysLeft };
}

function instrumentError(value: unknown, field: string): FieldError | undefined {
  if (!isRecord(value)) return err(field, VMSG.invalidValue);
  const unknown = Object.keys(value).find(
    (k) => !['role', 'vendor', 'model', 'serial', 'firmware', 'resource'].includes(k),
  );
  if (unknown !== undefined) return err(`${field}.${unknown}`, 'Unknown field');
  if (!INSTRUMENT_ROLES.includes(value.role as never)) return err(`${field}.role`, ORIGIN_MSG.role);
  for (const key of ['vendor', 'model', 'serial'] as const) {
    if (!text(value[key], ORIGIN_LIMITS.textLength)) return err(`${field}.${key}`, ORIGIN_MSG.text);
  }
  if (value.firmware !== undefined && !text(value.firmware, ORIGIN_LIMITS.textLength))
    return err(`${field}.firmware`, ORIGIN_MSG.text);
  if (value.resource !== undefined && !text(value.resource, ORIGIN_LIMITS.resourceLength))
    return err(`${field}.resource`, ORIGIN_MSG.resource);
  return undefined;
}

const CALIBRATION_DETAILS = [
  'instrument',
  'kind',
  'ports',
  'start_MHz',
  'stop_MHz',
  'made_at',
  'made_by',
] as const;
const CALIBRATION_KEYS = new Set<string>(['key', 'step_indices', 'ecal_serial', ...CALIBRATION_DETAILS]);

/** Whether a calibration in an upload carries its details, or only its key. */
export function isWholeCalibration(cal: CalibrationUse): boolean {
  return cal.kind !== undefined;
}

function calibrationDetailsError(
  cal: Record<string, unknown>,
  field: string,
  instruments: readonly InstrumentUse[],
  startMs: number | undefined,
): FieldError | undefined {
  const i = cal.instrument;
  if (typeof i !== 'number' || !Number.isInteger(i) || instruments[i]?.role !== 'network_analyzer')
    return err(`${field}.instrument`, ORIGIN_MSG.notAnAnalyzer);
  if (!CALIBRATION_KINDS.includes(cal.kind as never)) return err(`${field}.kind`, ORIGIN_MSG.kind);
  const ecal = cal.ecal_serial;
  if (cal.kind === 'ecal' ? !text(ecal, ORIGIN_LIMITS.textLength) : ecal !== undefined)
    return err(`${field}.ecal_serial`, ORIGIN_MSG.ecalSerial);
  if (typeof cal.ports !== 'string' || !PORTS.test(cal.ports)) return err(`${field}.ports`, ORIGIN_MSG.ports);
  const [start, stop] = [cal.start_MHz, cal.stop_MHz];
  if (typeof start !== 'number' || typeof stop !== 'number' || !(start > 0 && stop > start && stop < 1e6))
    return err(`${field}.start_MHz`, ORIGIN_MSG.range);
  const madeMs = parseRunTime(cal.made_at);
  if (madeMs === undefined) return err(`${field}.made_at`, 'A time in ISO 8601 with its zone');
  if (startMs !== undefined && madeMs > startMs) return err(`${field}.made_at`, ORIGIN_MSG.madeAfterRun);
  if (!text(cal.made_by, ORIGIN_LIMITS.textLength)) return err(`${field}.made_by`, ORIGIN_MSG.text);
  return undefined;
}

function calibrationError(
  value: unknown,
  field: string,
  o: {
    instruments: readonly InstrumentUse[];
    stepCount: number;
    startMs: number | undefined;
    used: Set<number>;
  },
): FieldError | undefined {
  if (!isRecord(value)) return err(field, VMSG.invalidValue);
  const unknown = Object.keys(value).find((k) => !CALIBRATION_KEYS.has(k));
  if (unknown !== undefined) return err(`${field}.${unknown}`, 'Unknown field');
  if (typeof value.key !== 'string' || !KEY.test(value.key)) return err(`${field}.key`, ORIGIN_MSG.key);
  const steps = value.step_indices;
  if (!Array.isArray(steps) || steps.length > o.stepCount)
    return err(`${field}.step_indices`, ORIGIN_MSG.stepIndices);
  for (const index of steps) {
    // 'No step result 1.5' would name a step result that cannot be
    if (typeof index !== 'number' || !Number.isInteger(index))
      return err(`${field}.step_indices`, ORIGIN_MSG.stepIndices);
    if (index < 0 || index >= o.stepCount) return err(`${field}.step_indices`, ORIGIN_MSG.noSuchStep(index));
    if (o.used.has(index)) return err(`${field}.step_indices`, ORIGIN_MSG.stepTwice(index));
    o.used.add(index);
  }
  const given = CALIBRATION_DETAILS.filter((k) => value[k] !== undefined).length;
  if (given === 0) return value.ecal_serial === undefined ? undefined : err(field, ORIGIN_MSG.partial);
  if (given !== CALIBRATION_DETAILS.length) return err(field, ORIGIN_MSG.partial);
  return calibrationDetailsError(value, field, o.instruments, o.startMs);
}

function listError<T>(
  list: unknown,
  field: string,
  max: number,
  tooMany: string,
  one: (item: unknown, field: string) => FieldError | undefined,
  identity: (item: T) => string,
  twice: string,
): FieldError | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || list.length > max) return err(field, tooMany);
  const seen = new Set<string>();
  for (const [i, item] of list.entries()) {
    const error = one(item, `${field}[${i}]`);
    if (error) return error;
    const id = identity(item as T);
    if (seen.has(id)) return err(`${field}[${i}]`, twice);
    seen.add(id);
  }
  return undefined;
}

/** The first thing wrong with a list of instruments (absent: none), each named once. */
function instrumentsError(list: unknown): FieldError | undefined {
  return listError<InstrumentUse>(
    list,
    'instruments',
    ORIGIN_LIMITS.instruments,
    ORIGIN_MSG.instruments,
    instrumentError,
    (i) => `${i.vendor}\u0001${i.model}\u0001${i.serial}`,
    ORIGIN_MSG.twoInstruments,
  );
}

/**
 * The first thing wrong with POST /runner/instruments/check's body: the lab's instruments, by the
 * rules of an upload's `instruments`.
 */
export function instrumentCheckError(body: unknown): FieldError | undefined {
  if (!isRecord(body)) return err('', VMSG.invalidValue);
  const unknown = Object.keys(body).find((k) => k !== 'instruments');
  if (unknown !== undefined) return err(unknown, 'Unknown field');
  if (body.instruments === undefined) return err('instruments', ORIGIN_MSG.instruments);
  return instrumentsError(body.instruments);
}

/** The upload's keys that RunOrigin adds to a run (docs/api/instruments.md, "In a run upload"). */
export const RUN_ORIGIN_KEYS = ['station', 'runner_version', 'instruments', 'calibrations'] as const;

/**
 * The first thing wrong with a run upload's origin fields, all optional. `stepCount` is the
 * run's number of step results, `start_time` its start (a calibration cannot be made after it).
 */
export function runOriginError(upload: Record<string, unknown>, stepCount: number): FieldError | undefined {
  const origin = upload as RunOrigin & Record<string, unknown>;
  if (origin.station !== undefined && !text(origin.station, STATION_LIMITS.nameLength))
    return err('station', STATION_MSG.name);
  if (origin.runner_version !== undefined && !text(origin.runner_version, ORIGIN_LIMITS.versionLength))
    return err('runner_version', ORIGIN_MSG.version);
  const instruments = instrumentsError(origin.instruments);
  if (instruments) return instruments;
  const o = {
    instruments: (origin.instruments ?? []) as InstrumentUse[],
    stepCount,
    startMs: parseRunTime(upload.start_time),
    used: new Set<number>(),
  };
  return listError<CalibrationUse>(
    origin.calibrations,
    'calibrations',
    ORIGIN_LIMITS.calibrations,
    ORIGIN_MSG.calibrations,
    (item, field) => calibrationError(item, field, o),
    (c) => c.key,
    ORIGIN_MSG.twoCalibrations,
  );
}

/** Whether bytes are a PDF: the header '%PDF-' within the first 1024 bytes, as readers accept. */
export function isPdf(bytes: Uint8Array): boolean {
  const head = Array.from(bytes.subarray(0, 1024), (b) => String.fromCharCode(b)).join('');
  return head.includes('%PDF-');
}

/** The first thing wrong with a certificate's text fields; `today` is 'YYYY-MM-DD'. */
export function certificateError(fields: Partial<CertificateFields>, today: string): FieldError | undefined {
  for (const key of ['number', 'laboratory'] as const) {
    if (!text(fields[key], ORIGIN_LIMITS.textLength)) return err(key, ORIGIN_MSG.text);
  }
  const calibrated = typeof fields.calibrated_on === 'string' ? dayNumber(fields.calibrated_on) : undefined;
  if (calibrated === undefined) return err('calibrated_on', ORIGIN_MSG.day);
  const due = typeof fields.due_on === 'string' ? dayNumber(fields.due_on) : undefined;
  if (due === undefined) return err('due_on', ORIGIN_MSG.day);
  if (calibrated > dayNumber(today)!) return err('calibrated_on', ORIGIN_MSG.calibratedInFuture);
  return due < calibrated ? err('due_on', ORIGIN_MSG.dueBeforeCalibrated) : undefined;
}
