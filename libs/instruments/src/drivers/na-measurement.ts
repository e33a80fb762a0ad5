import { InstrumentError, isInstrumentError } from '../transport/instrument-error';
import { formatScpiError } from '../transport/system-error';
import { RequestQueue } from '../transport/request-queue';
import type { ByteOrder, DataFormat } from '../transport/scpi-data';
import type { ScpiSession } from '../transport/scpi-session';
import type { Identity } from './identity';
import type { CapacityProbe, ChannelRecord } from './na-hooks';
import { checkChannel, writeEach } from './na-hooks';
import type { ChannelSetup, ComplexData, NaFamily, SweepOptions, TraceSetup } from './network-analyzer';
import { queryFirstNumber, queryInteger } from './replies';
import { expectedSweepMs, sweepTimeoutMs, wrapSweepError } from './sweep-time';

/**
 * The measuring half of what the three network-analyzer families share (NaDriver adds files,
 * calibration and states): the order of operations, timeouts, checks of every reply and the
 * errors a user sees. A family supplies its spelling of each step (INSTRUMENTS.md section 2)
 * through the abstract members. Each public call runs alone, so two calls made together cannot
 * interleave a trace selection and a data query.
 */
export abstract class NaMeasurement {
  readonly kind = 'network-analyzer' as const;
  abstract readonly family: NaFamily;
  protected readonly channels = new Map<number, ChannelRecord>();
  private readonly calls = new RequestQueue();

  constructor(
    readonly session: ScpiSession,
    readonly identity: Identity,
  ) {}

  protected get resource(): string {
    return this.session.transport.resource;
  }

  /** Settings made once after connecting and after a preset (trigger source, sweep scope). */
  protected abstract initCommands(): string[];
  protected abstract presetCommands(): string[];
  protected abstract capacityProbe(channels: number, traces: number): CapacityProbe;
  protected abstract defineTraces(channel: number, traces: readonly TraceSetup[]): Promise<void>;
  protected abstract channelCommands(
    channel: number,
    setup: ChannelSetup,
    known: readonly number[],
  ): string[];
  /** Commands that sweep `channels` once each; each trigger is followed by *OPC?. */
  protected abstract sweepCommands(
    channels: readonly number[],
    known: readonly number[],
  ): { prepare: string[]; triggers: string[] };
  protected abstract selectCommands(channel: number, trace: number): string[];
  /** The formatted-data query and its values per point (the ENA pads scalar formats with 0). */
  protected abstract formattedQuery(channel: number, trace: number): { command: string; perPoint: 1 | 2 };
  protected abstract complexQuery(channel: number, trace: number): string;
  protected abstract frequencyAxis(channel: number): Promise<Float64Array>;
  protected abstract markerCommands(
    channel: number,
    trace: number,
    marker: number,
    freqHz: number,
  ): Promise<string[]> | string[];
  protected abstract markerQuery(channel: number, trace: number, marker: number): Promise<string> | string;

  /** Called once by connectInstrument: clear status, binary transfers, trigger settings. */
  initialize(): Promise<void> {
    return this.exclusive(async () => {
      await this.session.write('*CLS');
      await this.session.setDataFormat('REAL,64', 'SWAP');
      await writeEach(this.session, this.initCommands());
    });
  }

  setTransferFormat(format: DataFormat, byteOrder: ByteOrder = 'SWAP'): Promise<void> {
    return this.exclusive(() => this.session.setDataFormat(format, byteOrder));
  }

  preset(): Promise<void> {
    return this.exclusive(async () => {
      await writeEach(this.session, [...this.presetCommands(), ...this.initCommands()]);
      this.forget();
    });
  }

  checkChannelCapacity(channels = 16, traces = 16): Promise<void> {
    return this.exclusive(async () => {
      const { probe, cleanup, advice } = this.capacityProbe(channels, traces);
      try {
        await this.session.write(probe);
      } catch (error) {
        if (!isInstrumentError(error) || error.kind !== 'instrument-error') throw error;
        // Whatever part of the probe was accepted is removed; its own refusals are expected.
        await this.session.write(cleanup).catch(() => undefined);
        throw new InstrumentError(
          'instrument-error',
          `${this.resource} cannot hold ${channels} channels with ${traces} traces each: it refused channel ` +
            `${channels}, trace ${traces} (${error.scpiErrors.map(formatScpiError).join('; ')}). ${advice}`,
          { command: error.command, resource: this.resource, scpiErrors: error.scpiErrors, cause: error },
        );
      }
      await this.session.write(cleanup);
    });
  }

  async setupChannel(channel: number, setup: ChannelSetup, traces: readonly TraceSetup[]): Promise<void> {
    checkChannel(channel);
    if (traces.length === 0 || traces.length > 16)
      throw new RangeError(`A channel holds 1 to 16 traces, not ${traces.length}`);
    return this.exclusive(async () => {
      const record = this.record(channel);
      await this.defineTraces(channel, traces);
      record.traces = traces;
      await writeEach(this.session, this.channelCommands(channel, setup, [...this.channels.keys()]));
      record.setup = setup;
    });
  }

  async sweep(channels: number | readonly number[], options: SweepOptions = {}): Promise<void> {
    const list = typeof channels === 'number' ? [channels] : [...channels];
    list.forEach(checkChannel);
    return this.exclusive(async () => {
      const expectedMs = expectedSweepMs(list.map((c) => this.record(c)));
      const timeoutMs = options.timeoutMs ?? sweepTimeoutMs(expectedMs);
      const { prepare, triggers } = this.sweepCommands(list, [...this.channels.keys()]);
      await writeEach(this.session, prepare);
      for (const trigger of triggers) {
        try {
          await this.session.writeAndWait(trigger, { timeoutMs });
        } catch (error) {
          throw wrapSweepError(error, { resource: this.resource, channels: list, timeoutMs, expectedMs });
        }
      }
    });
  }

  formattedData(channel: number, trace: number): Promise<Float64Array> {
    return this.exclusive(async () => {
      const points = await this.points(channel);
      const { command, perPoint } = this.formattedQuery(channel, trace);
      await this.session.write(this.selectCommands(channel, trace));
      const values = await this.session.queryNumbers(command, { points: points * perPoint });
      return perPoint === 1 ? values : values.filter((_, i) => i % 2 === 0);
    });
  }

  complexData(channel: number, trace: number): Promise<ComplexData> {
    return this.exclusive(async () => {
      const points = await this.points(channel);
      await this.session.write(this.selectCommands(channel, trace));
      const pairs = await this.session.queryNumbers(this.complexQuery(channel, trace), {
        points: points * 2,
      });
      return { re: pairs.filter((_, i) => i % 2 === 0), im: pairs.filter((_, i) => i % 2 === 1) };
    });
  }

  frequencies(channel: number): Promise<Float64Array> {
    return this.exclusive(() => this.frequencyAxis(channel));
  }

  setMarker(channel: number, trace: number, marker: number, freqHz: number): Promise<void> {
    return this.exclusive(async () =>
      writeEach(this.session, await this.markerCommands(channel, trace, marker, freqHz)),
    );
  }

  markerValue(channel: number, trace: number, marker: number): Promise<number> {
    return this.exclusive(async () => {
      await this.session.write(this.selectCommands(channel, trace));
      return queryFirstNumber(this.session, await this.markerQuery(channel, trace, marker));
    });
  }

  close(): Promise<void> {
    return this.session.close();
  }

  /** The channel's point count: from its setup, or asked (after a recalled state). */
  protected async points(channel: number): Promise<number> {
    const setup = this.channels.get(channel)?.setup;
    return setup ? setup.points : queryInteger(this.session, `SENS${channel}:SWE:POIN?`, 1, 100_003);
  }

  protected traceCount(channel: number): number {
    return this.channels.get(channel)?.traces.length ?? 0;
  }

  /** What the driver knew of channels no longer holds (a preset, a recalled state). */
  protected forget(): void {
    this.channels.clear();
  }

  /** Runs a public call alone: a family's multi-command steps never interleave with another call. */
  protected exclusive<T>(run: () => Promise<T>): Promise<T> {
    return this.calls.run(run);
  }

  protected record(channel: number): ChannelRecord {
    let record = this.channels.get(channel);
    if (!record) this.channels.set(channel, (record = { setup: undefined, traces: [] }));
    return record;
  }
}
