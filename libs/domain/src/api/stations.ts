import type { Verdict } from '../results/verdict';
import type { StationState } from '../stations/stations';

/**
 * The live floor (issue 25, docs/api/stations.md): what a lab PC's runner reports of itself, and
 * what the Stations screen shows of each station.
 */

/** The last verdict a station showed, kept until its next unit's verdict replaces it. */
export interface StationVerdict {
  sn: string;
  result: Verdict;
  /** ISO 8601 with its zone, the runner's clock. */
  at: string;
}

/** POST /runner/station: the runner's state, at each change and at least every 10 s. */
export interface StationReport {
  /** The computer's name, or `sweepline lab --station`, or SWEEPLINE_STATION. */
  station: string;
  state: StationState;
  /** The product picked; absent before one is. */
  productId?: number;
  /** The test of the unit under way (or of the last one, while its result shows). */
  seqId?: number;
  sn?: string;
  /** Step k of n of the test: k is 0 while the test has not reached its first step. */
  step?: number;
  steps?: number;
  /**
   * Who runs the station, as the runner knows it (SWEEPLINE_OPERATOR). The service shows the
   * signed-in member instead; only a report made with an API token shows this (stationOperator).
   */
  operator?: string;
  lastVerdict?: StationVerdict;
  /**
   * Units measured earlier whose runs waited in the runner's queue and are uploaded now (the
   * service was away when they were measured, so their reports were lost): counted on the day of
   * their own time, never shown as the last verdict. At most STATION_LIMITS.queuedVerdicts.
   */
  queuedVerdicts?: StationVerdict[];
  /** Hours from UTC of the lab PC: the station's "today" for its counts. */
  zoneOffset: number;
}

/** The station's units of its own today (the lab PC's day). */
export interface StationToday {
  /** Serial numbers with a verdict today. */
  units: number;
  /** Of them, those whose latest verdict passed, and those whose latest did not. */
  passes: number;
  fails: number;
  /** Units whose first verdict today passed, over units; null with no unit yet. */
  firstPassYield: number | null;
}

/**
 * An open SPC alarm on a step of the station's test (issue 41, docs/api/stations.md, "SPC
 * alarms"), as its card shows it until someone acknowledges it.
 */
export interface StationSpcAlarm {
  alarmId: number;
  step: string;
  violationCount: number;
  /** Its latest violation, in the runner's words (spcAlarmLine): "SPC alarm on Insertion Loss Max: rule 4, …". */
  line: string;
  /** The serial number of the unit whose value that latest violation is: it opened the alarm or last joined it. */
  sn: string;
}

/**
 * The open alarms a card carries: a station's row goes out through PostgreSQL's NOTIFY, whose
 * payload is at most 8000 bytes; the alarms list has them all.
 */
export const STATION_SPC_ALARMS = 5;

/** One card of the Stations screen. */
export interface StationView {
  station: string;
  state: StationState;
  productId: number | null;
  productName: string | null;
  seqId: number | null;
  testName: string | null;
  sn: string | null;
  step: number | null;
  steps: number | null;
  operator: string | null;
  /** When the station entered its state (server clock, ISO 8601). */
  stateSince: string;
  /** Its last report (server clock): silent for STATION_OFFLINE_MS means offline. */
  lastSeen: string;
  lastVerdict: StationVerdict | null;
  today: StationToday;
  /**
   * The instruments this station used last whose certificate is due within CALIBRATION_DUE_DAYS
   * or overdue today, a line each (issue 40): on GET /stations and the stream's `board` event,
   * absent when none. The stream's `station` events never carry it: a board keeps the lines it
   * read for that station (they change by the day, or when a certificate is recorded).
   */
  instrumentWarnings?: string[];
  /**
   * The open SPC alarms of the station's test, newest first, at most STATION_SPC_ALARMS
   * (issue 41): on GET /stations and on every event, so a card follows an alarm opened by the
   * unit it just uploaded, and drops one acknowledged at the station's next report. Empty with
   * none, or without a test.
   */
  spcAlarms: StationSpcAlarm[];
}

/** GET /stations: every station of the account, and the server's clock to judge silence by. */
export interface StationBoard {
  serverTime: string;
  stations: StationView[];
}

/** POST /stations/stream-ticket: the single-use address of the board's event stream. */
export interface StationStreamTicket {
  url: string;
}

/** GET /stations/stream?ticket=…: the ticket in that address. */
export interface StationStreamQuery {
  ticket: string;
}

/**
 * The events of GET /stations/stream (text/event-stream): `board` first (and again after the
 * server lost changes), then `station` for each change and `removed` for a station dropped.
 */
export interface StationRemoved {
  station: string;
}

export const STATION_EVENTS = { board: 'board', station: 'station', removed: 'removed' } as const;
