import { encodeBlock } from './ieee-block';
import { InstrumentError } from './instrument-error';
import type { ByteOrder, RealFormat } from './scpi-data';
import { encodeReals } from './scpi-data';
import { ScpiSession } from './scpi-session';
import { openTcpTransport } from './tcp-transport';
import type { FakeInstrumentOptions } from './testing/fake-instrument';
import { FakeInstrument } from './testing/fake-instrument';

async function failure(promise: Promise<unknown>): Promise<InstrumentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InstrumentError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('ScpiSession', () => {
  let fake: FakeInstrument;
  let session: ScpiSession;

  async function start(options: FakeInstrumentOptions = {}) {
    fake = await FakeInstrument.start(options);
    session = new ScpiSession(await openTcpTransport(fake.host, fake.port, { queryTimeoutMs: 1000 }));
  }

  afterEach(async () => {
    await session.close();
    await fake.close();
  });

  describe('error queue', () => {
    beforeEach(() => start());

    it('drains SYST:ERR? after each command and passes a clean one', async () => {
      await session.write('*CLS');
      await expect(session.query('*IDN?')).resolves.toContain('FakeInstrument');
      expect(fake.commands).toEqual(['*CLS', 'SYST:ERR?', '*IDN?', 'SYST:ERR?']);
    });

    it('raises the queue as instrument-error naming the command, with every entry', async () => {
      fake.on('SENS:FREQ:STAR', () => {
        fake.pushError(-222, 'Data out of range');
        fake.pushError(-350, 'Queue overflow');
        return undefined;
      });
      const error = await failure(session.write('SENS:FREQ:STAR 1e15'));
      expect(error.kind).toBe('instrument-error');
      expect(error.command).toBe('SENS:FREQ:STAR 1e15');
      expect(error.scpiErrors).toEqual([
        { code: -222, message: 'Data out of range' },
        { code: -350, message: 'Queue overflow' },
      ]);
      expect(error.message).toBe(
        `${fake.resource} reported -222,"Data out of range"; -350,"Queue overflow" after 'SENS:FREQ:STAR 1e15'.`,
      );
      expect(fake.errorQueue).toEqual([]);
    });

    it('checks a command group once and names the whole group', async () => {
      const error = await failure(session.write(['*CLS', 'BOGUS:CMD 1', 'FORM:DATA REAL,64']));
      expect(error.command).toBe('*CLS; BOGUS:CMD 1; FORM:DATA REAL,64');
      expect(error.scpiErrors).toEqual([{ code: -113, message: 'Undefined header' }]);
      expect(fake.commands).toEqual(['*CLS', 'BOGUS:CMD 1', 'FORM:DATA REAL,64', 'SYST:ERR?', 'SYST:ERR?']);
    });

    it('reports a queue that never empties instead of reading it forever', async () => {
      fake.on('SYST:ERR?', () => '-410,"Query INTERRUPTED"');
      const bounded = new ScpiSession(session.transport, { maxErrorReads: 5 });
      const error = await failure(bounded.write('*CLS'));
      expect(error.kind).toBe('instrument-error');
      expect(error.scpiErrors).toHaveLength(5);
      expect(error.message).toMatch(/did not empty after 5 reads of SYST:ERR\? following '\*CLS'/);
    });

    it('refuses a SYST:ERR? reply of the wrong shape', async () => {
      fake.on('SYST:ERR?', () => 'No error');
      const error = await failure(session.write('*CLS'));
      expect(error.kind).toBe('bad-reply');
      expect(error.message).toBe(
        `${fake.resource} answered SYST:ERR? after '*CLS' with 'No error', not <code>,"<message>".`,
      );
    });

    it('returns the queue without raising it from readErrors', async () => {
      fake.pushError(-113, 'Undefined header');
      await expect(session.readErrors()).resolves.toEqual([{ code: -113, message: 'Undefined header' }]);
    });

    it('can leave the queue alone', async () => {
      const unchecked = new ScpiSession(session.transport, { checkErrors: false });
      await unchecked.write('BOGUS');
      await unchecked.query('*IDN?');
      expect(fake.commands).toEqual(['BOGUS', '*IDN?']);
      expect(fake.errorQueue).toEqual([{ code: -113, message: 'Undefined header' }]);
    });
  });

  it('reads the R&S form of the empty queue', async () => {
    await start({ noErrorStyle: 'rs' });
    await expect(session.query('*IDN?')).resolves.toContain('FakeInstrument');
  });

  describe('*OPC?', () => {
    beforeEach(() => start());

    it('waits for completion after a command', async () => {
      fake.on('INIT:IMM', () => undefined);
      await session.writeAndWait('INIT:IMM', { timeoutMs: 1000 });
      expect(fake.commands).toEqual(['INIT:IMM', '*OPC?', 'SYST:ERR?']);
      await session.opc();
    });

    it("accepts Keysight's +1 and refuses anything but 1", async () => {
      fake.on('*OPC?', () => '+1');
      await session.opc();
      fake.on('*OPC?', () => '0');
      const error = await failure(session.writeAndWait('INIT:IMM'));
      expect(error.kind).toBe('bad-reply');
      expect(error.message).toBe(`${fake.resource} answered *OPC? after 'INIT:IMM' with '0' instead of 1.`);
    });

    it('times out naming the command when the operation outlasts the timeout', async () => {
      fake.on('*OPC?', () => ({ bytes: Buffer.from('1\n'), cuts: [1], gapMs: 500 }));
      const error = await failure(session.opc({ timeoutMs: 150 }));
      expect(error.kind).toBe('timeout');
      expect(error.command).toBe('*OPC?');
    });
  });

  describe('trace data', () => {
    const values = [1.5, -20.25, 3e-3, 1e9];
    beforeEach(() => start());

    it.each<[RealFormat, ByteOrder]>([
      ['REAL,64', 'NORM'],
      ['REAL,64', 'SWAP'],
      ['REAL,32', 'NORM'],
      ['REAL,32', 'SWAP'],
    ])('decodes %s with FORM:BORD %s', async (format, order) => {
      fake.trace = Float64Array.from(values);
      await session.setDataFormat(format, order);
      expect(fake.dataFormat).toBe(format);
      expect(fake.byteOrder).toBe(order);
      const expected = format === 'REAL,32' ? Array.from(Float32Array.from(values)) : values;
      expect(Array.from(await session.queryNumbers('TRAC:DATA?', { points: 4 }))).toEqual(expected);
    });

    it('decodes ASCII data', async () => {
      fake.trace = Float64Array.from(values);
      await session.setDataFormat('REAL,64', 'SWAP');
      await session.setDataFormat('ASCII');
      expect(fake.commands.at(-2)).toBe('FORM:DATA ASC,0');
      expect(session.dataFormat).toEqual({ format: 'ASCII', byteOrder: 'SWAP' });
      expect(Array.from(await session.queryNumbers('TRAC:DATA?'))).toEqual(values);
    });

    it('refuses a point count other than the one expected', async () => {
      const error = await failure(session.queryNumbers('TRAC:DATA?', { points: 201 }));
      expect(error.kind).toBe('bad-reply');
      expect(error.message).toBe(`${fake.resource} returned 3 values for 'TRAC:DATA?', 201 were expected.`);
    });

    it('refuses data that is not what the format says', async () => {
      await session.setDataFormat('REAL,64');
      fake.on('ODD?', () => encodeBlock(encodeReals([1], 'REAL,32', 'NORM')));
      const odd = await failure(session.queryNumbers('ODD?'));
      expect(odd.kind).toBe('bad-reply');
      expect(odd.message).toBe(
        `The data ${fake.resource} returned for 'ODD?' is not valid REAL,64: ` +
          'REAL,64 data of 4 bytes is not a whole number of 8-byte values.',
      );
      await session.setDataFormat('ASCII');
      fake.on('WORDS?', () => '1,OVERLOAD,3');
      const words = await failure(session.queryNumbers('WORDS?'));
      expect(words.message).toMatch(
        /is not valid ASCII: ASCII data has "OVERLOAD" as value 2, not a number\.$/,
      );
    });
  });
});
