import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import koffi from 'koffi';
import { encodeBlock } from './ieee-block';
import { InstrumentError } from './instrument-error';
import { openTransport } from './open-transport';
import { ScpiSession } from './scpi-session';
import { buildFakeVisa } from './testing/build-fake-visa';
import { FakeInstrument } from './testing/fake-instrument';
import type { Transport } from './transport';
import type { VisaLibrary } from './visa-library';
import { findVisaLibrary } from './visa-library';
import { openVisaTransportWith } from './visa-transport';
import { parseVisaResource } from './visa-resource';

async function failure(promise: Promise<unknown>): Promise<InstrumentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InstrumentError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const build = buildFakeVisa();
const describeWithGcc = 'path' in build ? describe : describe.skip;
if ('skipped' in build) {
  console.warn(`Skipping the VISA FFI tests: ${build.skipped}.`);
}

/** The stand-in's test hook: where viOpen connects ('' = from the resource string) and its log file. */
function configureFakeVisa(libraryPath: string): (address: string, logFile: string) => void {
  const configure = koffi.load(libraryPath).func('fakevisa_configure', 'void', ['str', 'str']);
  return (address, logFile) => configure(address, logFile);
}

describeWithGcc('VISA transport through koffi and a stand-in VISA library', () => {
  const libraryPath = 'path' in build ? build.path : '';
  let visa: VisaLibrary;
  let fake: FakeInstrument;
  let transport: Transport | undefined;
  let logFile: string;
  let configure: (address: string, logFile: string) => void;

  beforeAll(async () => {
    const found = await findVisaLibrary({ env: { SWEEPLINE_VISA_LIBRARY: libraryPath } });
    visa = found.library as VisaLibrary;
    configure = configureFakeVisa(libraryPath);
  });

  beforeEach(async () => {
    fake = await FakeInstrument.start();
    logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sweepline-visa-log-')), 'calls.log');
    configure('', logFile);
  });

  afterEach(async () => {
    await transport?.close();
    transport = undefined;
    configure('', '');
    await fake.close();
  });

  const openSocket = async () => {
    transport = await openVisaTransportWith(visa, parseVisaResource(fake.resource), { queryTimeoutMs: 1000 });
    return transport;
  };

  it('loads the library named by SWEEPLINE_VISA_LIBRARY', () => {
    expect(visa.path).toBe(libraryPath);
  });

  it('writes, reads a line, and sets the VISA timeout and the \\n termination character', async () => {
    const t = await openSocket();
    await t.write('*CLS');
    await expect(t.query('*IDN?', { timeoutMs: 1500 })).resolves.toBe('Sweepline,FakeInstrument,0,1.0');
    expect(fake.commands).toEqual(['*CLS', '*IDN?']);
    const calls = fs.readFileSync(logFile, 'utf8').trim().split('\n');
    // VI_ATTR_TERMCHAR = '\n', VI_ATTR_TERMCHAR_EN = VI_TRUE, then VI_ATTR_TMO_VALUE before each call.
    expect(calls.slice(0, 2)).toEqual(['viSetAttribute 0x3FFF0018 10', 'viSetAttribute 0x3FFF0038 1']);
    const timeouts = calls.slice(2).map((line) => /^viSetAttribute 0x3FFF001A (\d+)$/.exec(line)?.[1]);
    expect(timeouts.length).toBeGreaterThanOrEqual(3);
    for (const ms of timeouts) expect(Number(ms)).toBeGreaterThan(0);
    expect(Number(timeouts.at(-1))).toBeLessThanOrEqual(1500);
  });

  it('reads a block with line ends inside by byte count across reads stopped at each \\n', async () => {
    const t = await openSocket();
    const data = Buffer.from([0x0a, 0x0a, 1, 2, 0x0a, 3]);
    fake.on('DATA?', () => ({ bytes: encodeBlock(data), cuts: [3, 5], gapMs: 5 }));
    await expect(t.queryBinary('DATA?')).resolves.toEqual(data);
  });

  it('carries a ScpiSession: REAL,64 little-endian trace and the error queue', async () => {
    const session = new ScpiSession(await openSocket());
    fake.trace = Float64Array.from([0.5, -1e-9, 12345.678, 10]);
    await session.setDataFormat('REAL,64', 'SWAP');
    expect(Array.from(await session.queryNumbers('TRAC:DATA?', { points: 4 }))).toEqual([
      0.5, -1e-9, 12345.678, 10,
    ]);
    const error = await failure(session.write('BOGUS:CMD'));
    expect(error.kind).toBe('instrument-error');
    expect(error.command).toBe('BOGUS:CMD');
  });

  it('times out within the call timeout when no reply comes, then reconnects with *CLS', async () => {
    const t = await openSocket();
    const started = Date.now();
    const error = await failure(t.query('MISSPELT?', { timeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(1800);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      `No complete reply from ${fake.resource} to 'MISSPELT?' within 300 ms (received: nothing).`,
    );
    await expect(t.query('*IDN?')).resolves.toContain('FakeInstrument');
    expect(fake.commands).toEqual(['MISSPELT?', '*CLS', '*IDN?']);
    expect(fake.connections).toBe(2);
  });

  it('fails with kind closed when the instrument drops the connection mid-reply', async () => {
    const t = await openSocket();
    fake.on('DROP?', () => ({ bytes: Buffer.from('#15ab'), thenClose: true }));
    const error = await failure(t.queryBinary('DROP?', { timeoutMs: 3000 }));
    expect(error.kind).toBe('closed');
    expect(error.message).toMatch(
      /failed: VI_ERROR_CONN_LOST \(0xBFFF00A6\) \(received: 2 of the 5 data bytes/,
    );
  });

  it('opens USB and GPIB resource strings through VISA, where END ends each message', async () => {
    configure(`127.0.0.1:${fake.port}`, logFile);
    const search = { env: { SWEEPLINE_VISA_LIBRARY: libraryPath } };
    transport = await openTransport('USB0::0x2A8D::0x0101::MY12345678::INSTR', {}, search);
    expect(transport.resource).toBe('USB0::0x2A8D::0x0101::MY12345678::INSTR');
    await expect(transport.query('*IDN?')).resolves.toContain('FakeInstrument');
    const gpib = await openTransport('GPIB0::16::INSTR', {}, search);
    fake.on('DATA?', () => encodeBlock(Buffer.from('x\ny')));
    await expect(gpib.queryBinary('DATA?')).resolves.toEqual(Buffer.from('x\ny'));
    await gpib.close();
  });

  it('fails with kind connect when VISA cannot open the resource', async () => {
    const port = fake.port;
    await fake.close();
    fake = await FakeInstrument.start();
    const error = await failure(
      openVisaTransportWith(visa, parseVisaResource(`TCPIP0::127.0.0.1::${port}::SOCKET`)),
    );
    expect(error.kind).toBe('connect');
    expect(error.message).toMatch(
      new RegExp(
        `^VISA could not open TCPIP0::127\\.0\\.0\\.1::${port}::SOCKET: VI_ERROR_RSRC_NFOUND \\(0xBFFF0011\\)\\.`,
      ),
    );
  });
});

describe('findVisaLibrary', () => {
  it('refuses a SWEEPLINE_VISA_LIBRARY that does not load, naming it', async () => {
    const error = await failure(
      findVisaLibrary({ env: { SWEEPLINE_VISA_LIBRARY: '/nonexistent/libvisa.so' } }),
    );
    expect(error.kind).toBe('connect');
    expect(error.message).toMatch(
      /^SWEEPLINE_VISA_LIBRARY names '\/nonexistent\/libvisa\.so', which could not be loaded as a VISA library: /,
    );
  });

  it('refuses a library without the VISA functions', async () => {
    const error = await failure(
      findVisaLibrary({
        env: { SWEEPLINE_VISA_LIBRARY: process.platform === 'darwin' ? 'libSystem.dylib' : 'libc.so.6' },
      }),
    );
    expect(error.message).toMatch(/could not be loaded as a VISA library: .*viOpenDefaultRM/);
  });

  it('answers no library when no candidate loads', async () => {
    await expect(
      findVisaLibrary({ env: {}, candidates: ['/nonexistent/a.so', '/nonexistent/b.so'] }),
    ).resolves.toEqual({
      library: undefined,
      tried: ['/nonexistent/a.so', '/nonexistent/b.so'],
    });
  });
});
