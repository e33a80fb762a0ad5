import { hostname } from 'node:os';
import {
  endpoints,
  isValidStationText,
  STATION_HEARTBEAT_MS,
  STATION_LIMITS,
  STATION_MSG,
  zoneOffsetFromTimezoneOffset,
  type RunnerSeq,
  type StationReport,
  type StationVerdict,
  type Verdict,
} from '@sweepline/domain';
import { ApiClient } from '../client/api-client';
import type { Prompter, RunReporter } from './prompter';

/**
 * The live floor (issue 25, docs/cli.md "Station reports"): the runner tells the service what
 * its station is doing, at each change and every 10 s, with the sign-in of its uploads. A report
 * never holds the run up: it is sent in the background, one at a time in order, with a short
 * timeout; one that fails is dropped, never retried and never journaled.
 */

/** A report's call gives up after this long: a slow service only loses reports. */
const REPORT_TIMEOUT_MS = 2_000;
/** Reports waiting behind a slow call; past this the oldest are dropped. */
const MAX_WAITING = 8;
/** At the program's end, the last reports get this long to go out before they are cut. */
const STOP_GRACE_MS = 250;
/** Queued units' verdicts kept while no report gets through; past this the oldest are dropped. */
const MAX_QUEUED_KEPT = 1_000;

type Fields = Omit<StationReport, 'station' | 'operator' | 'zoneOffset' | 'queuedVerdicts'>;
type Identity = Pick<StationReport, 'station' | 'operator' | 'zoneOffset'>;
type Send = (report: StationReport, signal: AbortSignal) => Promise<unknown>;

/**
 * Who reports: the station is SWEEPLINE_STATION, else `sweepline lab --station`, else the
 * computer's name. The operator is only what SWEEPLINE_OPERATOR names: the service shows the
 * member signed in (the session's), and the computer's user (`root`) names nobody (issue 38,
 * docs/api/stations.md). Answers a problem instead when a name given is not a station name.
 */
export function stationIdentity(
  labStation: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Identity | { problem: string } {
  const given = env['SWEEPLINE_STATION'];
  if (given !== undefined && !isValidStationText(given, STATION_LIMITS.nameLength))
    return { problem: `SWEEPLINE_STATION: ${STATION_MSG.name}` };
  const station = given ?? labStation ?? hostname().trim().slice(0, STATION_LIMITS.nameLength);
  const operator = env['SWEEPLINE_OPERATOR']?.trim().slice(0, STATION_LIMITS.operatorLength);
  return {
    station,
    zoneOffset: zoneOffsetFromTimezoneOffset(new Date().getTimezoneOffset()),
    ...(isValidStationText(operator, STATION_LIMITS.operatorLength) ? { operator } : {}),
  };
}

export class StationReporter {
  private fields: Fields = { state: 'idle' };
  /** Verdicts of units uploaded late from the queue, until a report carrying them is answered. */
  private readonly queued: StationVerdict[] = [];
  private readonly waiting: StationReport[] = [];
  private sending: Promise<void> | undefined;
  private readonly cut = new AbortController();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly identity: Identity,
    private readonly send: Send,
  ) {}

  /** Reports through the client's server and sign-in, with the short timeout. */
  static overClient(client: ApiClient, identity: Identity): StationReporter {
    const quick = new ApiClient(client.server, client.auth, REPORT_TIMEOUT_MS);
    return new StationReporter(identity, (report, signal) =>
      quick.request(endpoints.stations.report, { body: report, signal }),
    );
  }

  /** Waiting for a serial number (the last verdict stays on show). */
  idle(productId?: number): void {
    this.change({ ...this.fields, state: 'idle', ...(productId !== undefined ? { productId } : {}) });
  }

  /** A new unit: its test starts with the calibrations; the last unit's verdict goes. */
  unitStarted(seq: RunnerSeq, sn: string): void {
    const steps = seq.steps.length > 0 ? { step: 0, steps: seq.steps.length } : {};
    this.change({ state: 'calibrating', productId: seq.productId, seqId: seq.id, sn, ...steps });
  }

  /** The unit's verdict at its run's end (`at`), on show until the next unit starts. */
  result(sn: string, result: Verdict, at = new Date().toISOString()): void {
    this.change({ ...this.fields, state: 'result', lastVerdict: { sn, result, at } });
  }

  /**
   * Units measured earlier whose runs were just uploaded from the queue: their reports were lost
   * while the service was away, so the next reports carry their verdicts to be counted
   * (docs/api/stations.md, "Units uploaded late"), without changing what the station shows.
   */
  uploadedLate(verdicts: readonly StationVerdict[]): void {
    if (verdicts.length === 0) return;
    this.queued.push(...verdicts);
    this.queued.splice(0, Math.max(0, this.queued.length - MAX_QUEUED_KEPT));
    this.queue();
  }

  /** The prompter and reporter of a run, telling the station's state as the run goes. */
  watch(prompter: Prompter, reporter: RunReporter): { prompter: Prompter; reporter: RunReporter } {
    const waiting = <T>(work: () => Promise<T>) => this.during('waiting', work);
    return {
      prompter: {
        acknowledge: (message) => waiting(() => prompter.acknowledge(message)),
        number: (message) => waiting(() => prompter.number(message)),
        yesNo: (message) => waiting(() => prompter.yesNo(message)),
        choose: (message, options) => waiting(() => prompter.choose(message, options)),
        onFailure: (message) => this.during('error', () => prompter.onFailure(message)),
        countdown: (seconds, label) => prompter.countdown(seconds, label),
      },
      reporter: {
        stepStarted: (index, count, name) => {
          this.change({ ...this.fields, state: 'testing', step: index, steps: count });
          reporter.stepStarted(index, count, name);
        },
        info: (text) => reporter.info(text),
        stepFinished: (index, count, passed, rows) => reporter.stepFinished(index, count, passed, rows),
      },
    };
  }

  /** The program ends: what is still going out gets a moment, then is cut. */
  async stop(): Promise<void> {
    clearTimeout(this.heartbeat);
    this.heartbeat = undefined;
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      this.sending,
      new Promise<void>((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
    ]);
    clearTimeout(grace);
    this.waiting.length = 0;
    this.cut.abort();
  }

  private async during<T>(state: 'waiting' | 'error', work: () => Promise<T>): Promise<T> {
    const before = this.fields;
    const during: Fields = { ...before, state };
    this.change(during);
    try {
      return await work();
    } finally {
      if (this.fields === during) this.change(before);
    }
  }

  private change(fields: Fields): void {
    this.fields = fields;
    this.queue();
  }

  private queue(): void {
    if (this.cut.signal.aborted) return;
    this.waiting.push({ ...this.identity, ...this.fields });
    if (this.waiting.length > MAX_WAITING) this.waiting.shift();
    this.sending ??= this.drain();
    clearTimeout(this.heartbeat);
    this.heartbeat = setTimeout(() => this.queue(), STATION_HEARTBEAT_MS).unref();
  }

  private async drain(): Promise<void> {
    for (let report = this.waiting.shift(); report; report = this.waiting.shift()) {
      // the queued verdicts ride on the report going out now, and are forgotten once it is answered
      const late = this.queued.slice(0, STATION_LIMITS.queuedVerdicts);
      try {
        await this.send(late.length > 0 ? { ...report, queuedVerdicts: late } : report, this.cut.signal);
        const sent = new Set(late);
        this.queued.splice(0, this.queued.length, ...this.queued.filter((v) => !sent.has(v)));
      } catch {
        // dropped: the next change or heartbeat tells the state again, and carries them again
      }
    }
    this.sending = undefined;
  }
}

/** The run's reporter, or none (and why, on standard error) when the station's name is not one. */
export function openStationReports(
  labStation: string | undefined,
  client: ApiClient,
  warn: (line: string) => void,
): StationReporter | undefined {
  const identity = stationIdentity(labStation);
  if ('problem' in identity) {
    warn(`${identity.problem}; this run is not shown on the Stations screen.`);
    return undefined;
  }
  return StationReporter.overClient(client, identity);
}
