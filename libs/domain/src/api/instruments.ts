/**
 * Traceability of instruments and calibrations (issue 40, docs/traceability.md): what a
 * run says measured it, the Instruments screen, certificates, containment. Wire shapes shared by
 * the API, the web app and the command-line runner.
 */

/** What an instrument does in a run. */
export type InstrumentRole = 'network_analyzer' | 'pim_analyzer';

/**
 * An instrument as a run names it (docs/api/instruments.md, "In a run upload"). vendor, model and
 * serial are its identity in the account and are always sent; firmware and resource are details
 * the runner sends when it has them (the server keeps the newest).
 */
export interface InstrumentUse {
  role: InstrumentRole;
  vendor: string;
  model: string;
  serial: string;
  firmware?: string;
  resource?: string;
}

export type CalibrationKind = 'mechanical' | 'ecal';

/**
 * A calibration as a run names it. `key` is made by the runner when it makes the calibration and
 * names it from then on: the first upload that uses it sends the details, later ones may send the
 * key and step_indices only (the server answers a key it does not know with
 * ORIGIN_MSG.unknownCalibration, and the runner sends it whole).
 */
export interface CalibrationUse {
  key: string;
  /** The run's step results (indices in `steps`) measured with this calibration. */
  step_indices: number[];
  /** Index in the run's `instruments` of the network analyzer it was made on. */
  instrument?: number;
  kind?: CalibrationKind;
  /** The ECal module's serial number, for kind 'ecal'. */
  ecal_serial?: string;
  /** The ports joined by '-': '1', '1-2', '1-2-3-4'. */
  ports?: string;
  start_MHz?: number;
  stop_MHz?: number;
  /** ISO 8601 with a zone. */
  made_at?: string;
  /** The operator who made it. */
  made_by?: string;
}

/** The optional fields a run upload may carry about what measured it. */
export interface RunOrigin {
  /** The lab PC's name (the station board's name). */
  station?: string;
  /** The runner's version, like 0.9.0. */
  runner_version?: string;
  instruments?: InstrumentUse[];
  calibrations?: CalibrationUse[];
}

/**
 * An instrument's calibration state at a moment: 'due' within CALIBRATION_DUE_DAYS of its
 * certificate's due date, 'overdue' past it, 'unknown' without a certificate.
 */
export type CalibrationState = 'valid' | 'due' | 'overdue' | 'unknown';

/** One calibration certificate of an instrument. Dates are 'YYYY-MM-DD'. */
export interface Certificate {
  id: number;
  number: string;
  laboratory: string;
  calibratedOn: string;
  dueOn: string;
  fileName: string;
  fileBytes: number;
  recordedBy: string;
  /** ISO 8601. */
  recordedAt: string;
}

/** GET /instruments: one row of the Instruments screen. */
export interface InstrumentRow {
  id: number;
  role: InstrumentRole;
  vendor: string;
  model: string;
  serial: string;
  firmware: string | null;
  resource: string | null;
  lastStation: string | null;
  /** ISO 8601: the start of the newest run that named it. */
  lastUsedAt: string | null;
  /** The certificate in force today (UTC): the latest due date among those calibrated by today; or null. */
  certificate: Certificate | null;
  /** Today. */
  state: CalibrationState;
  /** Days until the due date (negative when overdue); null without a certificate. */
  daysLeft: number | null;
}

/** A calibration the runner made and a run named, as the service keeps it. */
export interface CalibrationRecord {
  id: number;
  kind: CalibrationKind;
  ecalSerial: string | null;
  ports: string;
  startMHz: number;
  stopMHz: number;
  /** ISO 8601. */
  madeAt: string;
  madeBy: string;
  /** The network analyzer it was made on. */
  instrumentId: number;
}

/** GET /instruments/:id: the row, its certificate history (newest first) and its latest calibrations. */
export interface InstrumentDetail extends InstrumentRow {
  certificates: Certificate[];
  calibrations: CalibrationRecord[];
}

/** The text fields of POST /instruments/:id/certificates (multipart/form-data, beside `file`). */
export interface CertificateFields {
  number: string;
  laboratory: string;
  /** 'YYYY-MM-DD'. */
  calibrated_on: string;
  due_on: string;
}

/** The whole multipart body: the fields and the certificate as a PDF (up to ORIGIN_LIMITS.certificateBytes). */
export interface CertificateUpload extends CertificateFields {
  file: unknown;
}

/** POST /runner/instruments/check: the lab's instruments, before the runner measures with them. */
export interface InstrumentCheckBody {
  instruments: InstrumentUse[];
}

export interface InstrumentCheck {
  serial: string;
  model: string;
  state: CalibrationState;
  dueOn: string | null;
  daysLeft: number | null;
}

export interface InstrumentCheckAnswer {
  /** The account allows measuring with an overdue instrument (each such run is marked). */
  allowOverdue: boolean;
  /** In the order of the body's instruments. */
  instruments: InstrumentCheck[];
}

/** GET/PUT /user/instrument_settings (managers change it). */
export interface InstrumentSettings {
  allowOverdue: boolean;
}

/** GET /runs/:id/origin: what measured a run ("not recorded" when recorded is false). */
export interface RunOriginReport {
  recorded: boolean;
  station: string | null;
  runnerVersion: string | null;
  /** Measured with an overdue instrument under the account's setting. */
  measuredOverdue: boolean;
  instruments: {
    id: number;
    role: InstrumentRole;
    vendor: string;
    model: string;
    serial: string;
    firmware: string | null;
    /** The certificate state at the run's start. */
    stateAtRun: CalibrationState;
    dueOn: string | null;
  }[];
  calibrations: (CalibrationRecord & {
    /** Seconds from the calibration to the run's start. */
    ageSeconds: number;
    /** 1-based step result numbers measured with it. */
    stepNos: number[];
  })[];
}

/** What GET /runs/:id/origin answers for a run whose runner reported nothing (an older runner, a script). */
export const NOT_RECORDED_ORIGIN: RunOriginReport = {
  recorded: false,
  station: null,
  runnerVersion: null,
  measuredOverdue: false,
  instruments: [],
  calibrations: [],
};

/** GET /containment and /containment/csv. Dates are UTC days 'YYYY-MM-DD', both included. */
export interface ContainmentQuery {
  instrument_id?: string;
  calibration_id?: string;
  station?: string;
  operator?: string;
  from: string;
  to: string;
}

export interface ContainmentRun {
  runId: number;
  runNo: number;
  seqName: string;
  /** ISO 8601. */
  startTime: string;
  result: -1 | 0 | 1;
  station: string | null;
  operator: string;
}

/** A unit measured the way the query names, with its status now. */
export interface ContainmentUnit {
  snId: number;
  sn: string;
  productId: number;
  productName: string;
  /** The stage it is at now; null when finished. */
  stageNo: number | null;
  finished: boolean;
  runs: ContainmentRun[];
}

export interface ContainmentAnswer {
  units: ContainmentUnit[];
  runCount: number;
  /** More than ORIGIN_LIMITS.containmentRuns runs matched: narrow the range (the CSV has them all). */
  truncated: boolean;
}

/** POST /containment/retest: send units back to a stage of their product (the spec's stage jump). */
export interface RetestBody {
  sn_ids: number[];
  stage_no: number;
}

export interface RetestAnswer {
  moved: number;
}
