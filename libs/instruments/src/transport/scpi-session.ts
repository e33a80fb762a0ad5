import type { ScpiError } from './instrument-error';
import { InstrumentError, quote } from './instrument-error';
import { ReplyFormatError } from './reply-parser';
import { RequestQueue } from './request-queue';
import type { ByteOrder, DataFormat } from './scpi-data';
import { decodeReals, parseAsciiNumbers } from './scpi-data';
import { formatScpiError, parseSystemError } from './system-error';
import type { CallOptions, Transport } from './transport';

export interface ScpiSessionOptions {
  /** Drain SYST:ERR? after every command group (INSTRUMENTS.md section 1). Default true. */
  readonly checkErrors?: boolean;
  /** Most SYST:ERR? reads per drain; a queue that never empties is reported, not looped on. */
  readonly maxErrorReads?: number;
}

export interface DataOptions extends CallOptions {
  /** The number of values expected; a reply with any other count is refused. */
  readonly points?: number;
}

/** SCPI's queue holds a few dozen entries (-350 marks overflow), so 64 reads always empty it. */
const DEFAULT_MAX_ERROR_READS = 64;

/**
 * SCPI conventions on top of a Transport: the error queue is drained after each command group and
 * its entries raised as InstrumentError 'instrument-error' naming the group; `*OPC?` waits for
 * pending operations; trace data is decoded in the FORM:DATA / FORM:BORD the session last set.
 * A group (its commands and the error check) runs as one unit: calls never interleave.
 */
export class ScpiSession {
  private readonly queue = new RequestQueue();
  private readonly checkErrors: boolean;
  private readonly maxErrorReads: number;
  /** SCPI *RST defaults, until setDataFormat says otherwise. */
  private format: DataFormat = 'ASCII';
  private order: ByteOrder = 'NORM';

  constructor(
    readonly transport: Transport,
    options: ScpiSessionOptions = {},
  ) {
    this.checkErrors = options.checkErrors ?? true;
    this.maxErrorReads = options.maxErrorReads ?? DEFAULT_MAX_ERROR_READS;
  }

  get dataFormat(): { readonly format: DataFormat; readonly byteOrder: ByteOrder } {
    return { format: this.format, byteOrder: this.order };
  }

  /** Sends one command or a group of commands, then checks the error queue once. */
  write(commands: string | readonly string[], options?: CallOptions): Promise<void> {
    const group = typeof commands === 'string' ? [commands] : commands;
    return this.group(group.join('; '), async () => {
      for (const command of group) await this.transport.write(command, options);
    });
  }

  query(command: string, options?: CallOptions): Promise<string> {
    return this.group(command, () => this.transport.query(command, options));
  }

  queryBinary(command: string, options?: CallOptions): Promise<Buffer> {
    return this.group(command, () => this.transport.queryBinary(command, options));
  }

  /** Sends a command and waits with `*OPC?` until the instrument has finished it (a sweep, say). */
  writeAndWait(command: string, options?: CallOptions): Promise<void> {
    return this.group(command, async () => {
      await this.transport.write(command, options);
      await this.waitForOpc(command, options);
    });
  }

  /** Waits until all pending operations are complete. */
  opc(options?: CallOptions): Promise<void> {
    return this.group('*OPC?', () => this.waitForOpc('*OPC?', options));
  }

  /** Sets FORM:DATA (and FORM:BORD for binary formats); later data queries decode accordingly. */
  setDataFormat(format: DataFormat, byteOrder: ByteOrder = 'NORM', options?: CallOptions): Promise<void> {
    const commands =
      format === 'ASCII' ? ['FORM:DATA ASC,0'] : [`FORM:DATA ${format}`, `FORM:BORD ${byteOrder}`];
    return this.group(commands.join('; '), async () => {
      for (const command of commands) await this.transport.write(command, options);
      this.format = format;
      if (format !== 'ASCII') this.order = byteOrder;
    });
  }

  /** Queries trace data in the current data format and returns its values. */
  queryNumbers(command: string, options: DataOptions = {}): Promise<Float64Array> {
    return this.group(command, async () => {
      // Read inside the group: a setDataFormat queued before this call has taken effect by now.
      const values = await this.readNumbers(command, this.format, this.order, options);
      if (options.points !== undefined && values.length !== options.points) {
        throw new InstrumentError(
          'bad-reply',
          `${this.transport.resource} returned ${values.length} values for ${quote(command)}, ` +
            `${options.points} were expected.`,
          { command, resource: this.transport.resource },
        );
      }
      return values;
    });
  }

  /** Reads the whole error queue without raising it (e.g. to log it before *CLS). */
  readErrors(options?: CallOptions): Promise<ScpiError[]> {
    return this.queue.run(() => this.drainErrors('SYST:ERR?', options));
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private group<T>(command: string, run: () => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      const result = await run();
      if (this.checkErrors) {
        const errors = await this.drainErrors(command);
        if (errors.length > 0) throw this.refused(command, errors);
      }
      return result;
    });
  }

  private async readNumbers(command: string, format: DataFormat, order: ByteOrder, options: CallOptions) {
    try {
      if (format === 'ASCII') return parseAsciiNumbers(await this.transport.query(command, options));
      return decodeReals(await this.transport.queryBinary(command, options), format, order);
    } catch (error) {
      if (!(error instanceof ReplyFormatError)) throw error;
      throw new InstrumentError(
        'bad-reply',
        `The data ${this.transport.resource} returned for ${quote(command)} is not valid ${format}: ${error.message}`,
        { command, resource: this.transport.resource, cause: error },
      );
    }
  }

  private async waitForOpc(command: string, options?: CallOptions): Promise<void> {
    const reply = await this.transport.query('*OPC?', options);
    // Keysight answers '+1', R&S '1'.
    if (!/^\+?1$/.test(reply.trim())) {
      throw new InstrumentError(
        'bad-reply',
        `${this.transport.resource} answered *OPC? after ${quote(command)} with ${quote(reply)} instead of 1.`,
        { command, resource: this.transport.resource },
      );
    }
  }

  /** Reads SYST:ERR? until code 0; `command` is what the entries will be blamed on. */
  private async drainErrors(command: string, options?: CallOptions): Promise<ScpiError[]> {
    const errors: ScpiError[] = [];
    for (let read = 0; read < this.maxErrorReads; read++) {
      const reply = await this.transport.query('SYST:ERR?', options);
      const entry = parseSystemError(reply);
      if (!entry) {
        throw new InstrumentError(
          'bad-reply',
          `${this.transport.resource} answered SYST:ERR? after ${quote(command)} with ${quote(reply)}, ` +
            'not <code>,"<message>".',
          { command, resource: this.transport.resource },
        );
      }
      if (entry.code === 0) return errors;
      errors.push(entry);
    }
    throw new InstrumentError(
      'instrument-error',
      `The error queue of ${this.transport.resource} did not empty after ${this.maxErrorReads} reads of SYST:ERR? ` +
        `following ${quote(command)}; first entries: ${errors.slice(0, 3).map(formatScpiError).join('; ')}.`,
      { command, resource: this.transport.resource, scpiErrors: errors },
    );
  }

  private refused(command: string, errors: ScpiError[]): InstrumentError {
    return new InstrumentError(
      'instrument-error',
      `${this.transport.resource} reported ${errors.map(formatScpiError).join('; ')} after ${quote(command)}.`,
      { command, resource: this.transport.resource, scpiErrors: errors },
    );
  }
}
