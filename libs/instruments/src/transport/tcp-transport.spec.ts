import { encodeBlock } from './ieee-block';
import { InstrumentError } from './instrument-error';
import { openTcpTransport, socketResourceString } from './tcp-transport';
import { FakeInstrument } from './testing/fake-instrument';
import type { Transport } from './transport';

const bytes = (text: string) => Buffer.from(text, 'latin1');

/** The InstrumentError a promise rejects with (failing the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<InstrumentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InstrumentError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('TCP transport', () => {
  let fake: FakeInstrument;
  let transport: Transport;

  beforeEach(async () => {
    fake = await FakeInstrument.start();
    transport = await openTcpTransport(fake.host, fake.port, { queryTimeoutMs: 1000, writeTimeoutMs: 1000 });
  });

  afterEach(async () => {
    await transport.close();
    await fake.close();
  });

  it('names itself with a socket resource string', () => {
    expect(transport.resource).toBe(`TCPIP0::127.0.0.1::${fake.port}::SOCKET`);
    expect(socketResourceString('::1', 5025)).toBe('TCPIP0::[::1]::5025::SOCKET');
  });

  it('sends commands ending in \\n and reads a line reply', async () => {
    await transport.write('*CLS');
    await expect(transport.query('*IDN?')).resolves.toBe('Sweepline,FakeInstrument,0,1.0');
    expect(fake.commands).toEqual(['*CLS', '*IDN?']);
  });

  it('reads definite, R&S and indefinite blocks, with line ends inside definite data', async () => {
    const data = Buffer.from([0x0a, 1, 0x0a, 0x23, 0x0d]);
    fake.on('DEF?', () => encodeBlock(data));
    fake.on('RS?', () => encodeBlock(data, 'rs'));
    fake.on('INDEF?', () => bytes('#0abc\n'));
    await expect(transport.queryBinary('DEF?')).resolves.toEqual(data);
    await expect(transport.queryBinary('RS?')).resolves.toEqual(data);
    await expect(transport.queryBinary('INDEF?')).resolves.toEqual(bytes('abc'));
  });

  it('assembles a reply split at every byte position', async () => {
    const wire = encodeBlock(bytes('a\nb\r\nc'));
    let cut = 1;
    fake.on('SPLIT?', () => ({ bytes: wire, cuts: [cut], gapMs: 2 }));
    for (; cut < wire.length; cut++) {
      await expect(transport.queryBinary('SPLIT?')).resolves.toEqual(bytes('a\nb\r\nc'));
    }
    fake.on('DRIP?', () => ({ bytes: bytes('1,2,3\n'), cuts: [1, 2, 3, 4, 5], gapMs: 1 }));
    await expect(transport.query('DRIP?')).resolves.toBe('1,2,3');
    expect(fake.connections).toBe(1);
  });

  it('keeps replies paired with their queries when many calls are made at once', async () => {
    fake.on('ECHO?', ({ argument }) => ({
      bytes: bytes(`${argument}\n`),
      cuts: [1],
      gapMs: Number(argument) % 3,
    }));
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => transport.query(`ECHO? ${i}`)));
    expect(replies).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it('refuses a block where text was expected, and text where a block was expected, and stays usable', async () => {
    fake.on('BLOCK?', () => encodeBlock(bytes('xy')));
    const text = await failure(transport.query('BLOCK?'));
    expect(text.kind).toBe('bad-reply');
    expect(text.message).toBe(
      `${transport.resource} answered 'BLOCK?' with a 2-byte binary block where text was expected.`,
    );
    const block = await failure(transport.queryBinary('*IDN?'));
    expect(block.kind).toBe('bad-reply');
    expect(block.command).toBe('*IDN?');
    expect(block.message).toMatch(
      /with the text 'Sweepline,FakeInstrument,0,1.0' where a binary block .* check FORM:DATA/,
    );
    await expect(transport.query('*IDN?')).resolves.toContain('FakeInstrument');
    expect(fake.connections).toBe(1);
  });

  it('fails with a timeout naming the command when a reply never comes, within the call timeout', async () => {
    const started = Date.now();
    const error = await failure(transport.query('MISSPELT?', { timeoutMs: 300 }));
    const elapsed = Date.now() - started;
    expect(error.kind).toBe('timeout');
    expect(error.command).toBe('MISSPELT?');
    expect(error.message).toBe(
      `No complete reply from ${transport.resource} to 'MISSPELT?' within 300 ms (received: nothing).`,
    );
    expect(elapsed).toBeGreaterThanOrEqual(290);
    // Generous upper bound: CI runs several projects' tests at once on two cores.
    expect(elapsed).toBeLessThan(1800);
  });

  it('reconnects after a timeout and sends *CLS before the next command', async () => {
    await failure(transport.query('MISSPELT?', { timeoutMs: 200 }));
    await expect(transport.query('*IDN?')).resolves.toContain('FakeInstrument');
    expect(fake.connections).toBe(2);
    expect(fake.commands).toEqual(['MISSPELT?', '*CLS', '*IDN?']);
    expect(fake.errorQueue).toEqual([]);
  });

  it('times out, saying how much arrived, when a block header announces more data than is sent', async () => {
    fake.on('LONG?', () => bytes('#3100abc\n'));
    const error = await failure(transport.queryBinary('LONG?', { timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(
      /received: 4 of the 100 data bytes the block header announced \(is its length wrong\?\)/,
    );
  });

  it('fails at once with bad-reply when a block header announces less data than is sent', async () => {
    fake.on('SHORT?', () => bytes('#12abc\n'));
    const error = await failure(transport.queryBinary('SHORT?', { timeoutMs: 5000 }));
    expect(error.kind).toBe('bad-reply');
    expect(error.message).toMatch(/reply .* to 'SHORT\?' is garbled: A 2-byte block is followed by 'c'/);
  });

  it('refuses a reply followed by more bytes in the same chunk instead of returning a wrong block', async () => {
    // Length one short and the last data byte a '\n': framing alone cannot see the error.
    fake.on('SHORTLF?', () => bytes('#12ab\n\n'));
    const error = await failure(transport.queryBinary('SHORTLF?'));
    expect(error.kind).toBe('bad-reply');
    expect(error.message).toMatch(/sent 1 more bytes after its reply to 'SHORTLF\?'/);
  });

  it('fails with kind closed when the instrument drops the connection mid-reply', async () => {
    fake.on('DROP?', () => ({ bytes: bytes('#15ab'), thenClose: true }));
    const started = Date.now();
    const error = await failure(transport.queryBinary('DROP?', { timeoutMs: 5000 }));
    expect(Date.now() - started).toBeLessThan(2500);
    expect(error.kind).toBe('closed');
    expect(error.message).toBe(
      `${transport.resource} closed the connection while replying to 'DROP?' ` +
        '(received: 2 of the 5 data bytes the block header announced (is its length wrong?)).',
    );
    await expect(transport.query('*IDN?')).resolves.toContain('FakeInstrument');
  });

  it('reconnects quietly when the instrument closed an idle connection', async () => {
    fake.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(transport.query('*IDN?')).resolves.toContain('FakeInstrument');
    expect(fake.commands).toEqual(['*CLS', '*IDN?']);
  });

  it('reports bytes that no query asked for before the next command, then recovers', async () => {
    fake.on('CHATTY', () => 'unexpected');
    await transport.write('CHATTY');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const error = await failure(transport.query('*IDN?'));
    expect(error.kind).toBe('bad-reply');
    expect(error.message).toMatch(/sent 11 bytes that no query asked for, before '\*IDN\?' was sent/);
    await expect(transport.query('*IDN?')).resolves.toContain('FakeInstrument');
  });

  it('fails every call after close with kind closed, and a call in flight at once', async () => {
    const pending = failure(transport.query('NEVER?', { timeoutMs: 5000 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await transport.close();
    const inFlight = await pending;
    expect(Date.now() - started).toBeLessThan(2500);
    expect(inFlight.kind).toBe('closed');
    expect(inFlight.message).toBe(
      `The connection to ${transport.resource} was closed while waiting for the reply to 'NEVER?'.`,
    );
    const later = await failure(transport.write('*CLS'));
    expect(later.kind).toBe('closed');
    expect(later.message).toBe(`The connection to ${transport.resource} is closed.`);
  });

  it('refuses a command containing a line end, which would desynchronise the replies', async () => {
    await expect(transport.write('A\nB')).rejects.toThrow(
      new RangeError("A SCPI command cannot contain a line end: 'A\\nB'"),
    );
  });
});

describe('openTcpTransport', () => {
  it('fails with kind connect and says what to check when nothing listens', async () => {
    const fake = await FakeInstrument.start();
    const port = fake.port;
    await fake.close();
    const error = await failure(openTcpTransport('127.0.0.1', port));
    expect(error.kind).toBe('connect');
    expect(error.message).toBe(
      `Cannot connect to TCPIP0::127.0.0.1::${port}::SOCKET: the connection was refused: nothing listens on port ${port}. ` +
        "Enable the instrument's SCPI socket server (raw socket, usually port 5025) or correct the port.",
    );
  });

  it('fails with kind connect when the instrument is gone at reconnection', async () => {
    const fake = await FakeInstrument.start();
    const transport = await openTcpTransport(fake.host, fake.port, { queryTimeoutMs: 200 });
    await failure(transport.query('MISSPELT?'));
    await fake.close();
    const error = await failure(transport.query('*IDN?'));
    expect(error.kind).toBe('connect');
    expect(error.command).toBe('*IDN?');
    expect(error.message).toMatch(/^Reconnecting before '\*IDN\?' failed: Cannot connect to .*refused/);
    await transport.close();
  });
});
