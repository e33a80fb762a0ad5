import { VI_SUCCESS } from '../visa-constants';
import type { VisaLibrary } from '../visa-library';

/** One scripted viRead result: the status and the bytes it delivers, or a read that never returns. */
export type ScriptedRead = { readonly status: number; readonly bytes: string | Buffer } | 'hang';

/**
 * An in-memory VisaLibrary whose reads follow a script, for the VISA statuses a loopback socket
 * cannot produce (END without '\n', a full buffer, a VISA library that hangs).
 */
export class ScriptedVisa implements VisaLibrary {
  readonly path = 'scripted';
  readonly written: string[] = [];
  readonly closed: number[] = [];
  readonly attributes: Array<[number, number]> = [];
  readonly reads: ScriptedRead[] = [];
  writeStatus = VI_SUCCESS;
  openStatus = VI_SUCCESS;

  openDefaultRM() {
    return { status: VI_SUCCESS, session: 1 };
  }

  async open() {
    return { status: this.openStatus, session: 2 };
  }

  async write(_session: number, data: Buffer) {
    this.written.push(data.toString('latin1'));
    return { status: this.writeStatus, count: data.length };
  }

  read(_session: number, buffer: Buffer): Promise<{ status: number; count: number }> {
    const next = this.reads.shift();
    if (next === undefined || next === 'hang') return new Promise(() => undefined);
    const bytes = typeof next.bytes === 'string' ? Buffer.from(next.bytes, 'latin1') : next.bytes;
    bytes.copy(buffer);
    return Promise.resolve({ status: next.status, count: bytes.length });
  }

  setAttribute(_session: number, attribute: number, value: number) {
    this.attributes.push([attribute, value]);
    return VI_SUCCESS;
  }

  close(session: number) {
    this.closed.push(session);
    return VI_SUCCESS;
  }
}
