import { InstrumentError, isInstrumentError } from '../transport/instrument-error';
import type { ScpiSession } from '../transport/scpi-session';
import type { Identity } from './identity';
import type {
  PimAnalyzer,
  PimCommonSetup,
  PimFixedSetup,
  PimReading,
  PimResult,
  PimSweptSetup,
} from './pim-analyzer';
import { parseNumbers } from './replies';
import { n } from './scpi-names';
import { writeEach } from './na-hooks';
import { RequestQueue } from '../transport/request-queue';

/** Margin over a test's own length before it counts as hung. */
const MARGIN_MS = 10_000;
/** Worst-case time of one swept-tone reading on the analyzers we know (about 0.5-1 s). */
const READING_MS = 1000;

/**
 * PIM analyzers through Sweepline's generic PIM command set (INSTRUMENTS.md section 3,
 * documented in docs/instruments.md): for the Kaelus iQA/iBA and the others that publish no
 * command set. The RF is switched off after every test, also when the test fails.
 */
export class GenericPimDriver implements PimAnalyzer {
  readonly kind = 'pim-analyzer' as const;
  readonly family = 'pim-generic' as const;
  private readonly calls = new RequestQueue();

  constructor(
    readonly session: ScpiSession,
    readonly identity: Identity,
  ) {}

  async initialize(): Promise<void> {
    await this.session.write(['*CLS', ':PIM:RF OFF']);
    await this.session.setDataFormat('ASCII');
  }

  async measureFixed(setup: PimFixedSetup): Promise<PimResult> {
    checkRange('Fixed-tone duration', setup.durationS, 1, 300, 's');
    const commands = [
      ':PIM:MEAS FIX',
      `:PIM:CARR1:FREQ ${n(setup.f1Hz)}`,
      `:PIM:CARR2:FREQ ${n(setup.f2Hz)}`,
      `:PIM:FIX:DUR ${n(setup.durationS)}`,
    ];
    const timeoutMs = setup.timeoutMs ?? setup.durationS * 1000 + MARGIN_MS;
    return this.run(setup, commands, timeoutMs, `the ${setup.durationS} s fixed tone`);
  }

  async measureSwept(setup: PimSweptSetup): Promise<PimResult> {
    checkRange('Sweep count', setup.count, 1, 10, '');
    if (!(setup.stepHz > 0)) throw new RangeError(`The sweep step must be above 0 Hz, not ${setup.stepHz}`);
    const readings =
      setup.count * (stepsOf(setup.sweep1, setup.stepHz) + stepsOf(setup.sweep2, setup.stepHz));
    const commands = [
      ':PIM:MEAS SWE',
      `:PIM:SWE1:STAR ${n(setup.sweep1.startHz)}`,
      `:PIM:SWE1:STOP ${n(setup.sweep1.stopHz)}`,
      `:PIM:SWE2:STAR ${n(setup.sweep2.startHz)}`,
      `:PIM:SWE2:STOP ${n(setup.sweep2.stopHz)}`,
      `:PIM:SWE:STEP ${n(setup.stepHz)}`,
      `:PIM:SWE:COUN ${n(setup.count)}`,
    ];
    const timeoutMs = setup.timeoutMs ?? readings * READING_MS + MARGIN_MS;
    return this.run(setup, commands, timeoutMs, `the swept tone of ${readings} readings`);
  }

  close(): Promise<void> {
    return this.session.close();
  }

  /** One test at a time: settings, RF on, the test, its results, RF off. */
  private run(
    setup: PimCommonSetup,
    commands: string[],
    timeoutMs: number,
    what: string,
  ): Promise<PimResult> {
    return this.calls.run(() => this.test(setup, commands, timeoutMs, what));
  }

  private async test(
    setup: PimCommonSetup,
    commands: string[],
    timeoutMs: number,
    what: string,
  ): Promise<PimResult> {
    await writeEach(this.session, [...commonCommands(setup), ...commands]);
    try {
      await this.session.write(':PIM:RF ON');
      try {
        await this.session.writeAndWait('INIT:IMM', { timeoutMs });
      } catch (error) {
        throw this.testFailure(error, what, timeoutMs);
      }
      return await this.fetch(setup.unit);
    } finally {
      // Never leave 2 × 43 dBm on: switched off even after a failure (the error reported is the first one).
      await this.session.write(':PIM:RF OFF').catch(() => undefined);
    }
  }

  private async fetch(unit: PimCommonSetup['unit']): Promise<PimResult> {
    const resource = this.session.transport.resource;
    const [pimDbm, pimDbc, imFreqHz, peakDbm] = parseNumbers(
      await this.session.query('FETC:PIM?'),
      'FETC:PIM?',
      resource,
      4,
    ) as [number, number, number, number];
    const rows = await this.session.queryNumbers('FETC:PIM:TRAC?');
    if (rows.length === 0 || rows.length % 4 !== 0 || !rows.every(Number.isFinite)) {
      throw new InstrumentError(
        'bad-reply',
        `${resource} answered 'FETC:PIM:TRAC?' with ${rows.length} values, not rows of f1,f2,f_im,dBm.`,
        {
          command: 'FETC:PIM:TRAC?',
          resource,
        },
      );
    }
    const readings: PimReading[] = [];
    for (let i = 0; i < rows.length; i += 4) {
      readings.push({
        f1Hz: rows[i] as number,
        f2Hz: rows[i + 1] as number,
        imFreqHz: rows[i + 2] as number,
        pimDbm: rows[i + 3] as number,
      });
    }
    return { pimDbm, pimDbc, imFreqHz, peakDbm, value: unit === 'dBc' ? pimDbc : pimDbm, unit, readings };
  }

  private testFailure(error: unknown, what: string, timeoutMs: number): unknown {
    if (!isInstrumentError(error) || (error.kind !== 'timeout' && error.kind !== 'closed')) return error;
    const resource = this.session.transport.resource;
    const message =
      error.kind === 'timeout'
        ? `The PIM test on ${resource} (${what}) did not finish within ${timeoutMs} ms. Check the analyzer's display for an alarm (RF, temperature, reflected power).`
        : `The connection to ${resource} was lost during the PIM test (${what}): ${error.message}`;
    return new InstrumentError(error.kind, message, {
      command: error.command,
      resource,
      scpiErrors: error.scpiErrors,
      cause: error,
    });
  }
}

function commonCommands(setup: PimCommonSetup): string[] {
  return [
    `:PIM:IMOR ${setup.imOrder}`,
    `:PIM:IMPR ${setup.imProduct === 'high' ? 'HIGH' : 'LOW'}`,
    `:PIM:MODE ${setup.mode === 'forward' ? 'FWD' : 'REV'}`,
    `:PIM:UNIT ${setup.unit === 'dBc' ? 'DBC' : 'DBM'}`,
    // dBc needs equal carriers (INSTRUMENTS.md section 3): both get powerOutput + powerOffset.
    `:PIM:CARR1:POW ${n(setup.carrierDbm)}`,
    `:PIM:CARR2:POW ${n(setup.carrierDbm)}`,
  ];
}

function stepsOf(sweep: { startHz: number; stopHz: number }, stepHz: number): number {
  return Math.floor(Math.abs(sweep.stopHz - sweep.startHz) / stepHz + 1e-9) + 1;
}

function checkRange(what: string, value: number, min: number, max: number, unit: string): void {
  if (!(value >= min && value <= max))
    throw new RangeError(`${what} must be ${min} to ${max}${unit ? ` ${unit}` : ''}, not ${value}`);
}
