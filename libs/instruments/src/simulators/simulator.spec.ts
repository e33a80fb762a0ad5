import { InstrumentError } from '../transport/instrument-error';
import { ScpiSession } from '../transport/scpi-session';
import { openTcpTransport } from '../transport/tcp-transport';
import { formatFault, parseFault } from './faults';
import type { SimFamily } from './sim-config';
import { parseIdentity } from '../drivers/identity';
import { isSweeplineSimulator } from '../drivers/simulated-unit';
import { DEFAULT_SIM_CONFIG, SIM_FAMILIES } from './sim-config';
import { SIM_INSTRUMENTS } from './sim-identities';
import type { Simulator } from './simulator';
import { startSimulator } from './simulator';

/** A raw session (no automatic error check) to a fresh simulator: the SCPI a user's own tool sees. */
async function open(family: SimFamily, config = DEFAULT_SIM_CONFIG) {
  const sim = await startSimulator({ family, config: { ...config, timeScale: 0 } });
  const transport = await openTcpTransport('127.0.0.1', sim.port, { queryTimeoutMs: 300 });
  return { sim, session: new ScpiSession(transport, { checkErrors: false }) };
}

describe('simulators over SCPI', () => {
  let sim: Simulator;
  let session: ScpiSession;

  afterEach(async () => {
    await session?.close();
    await sim?.close();
  });

  it.each([
    ['ena', 'Keysight Technologies,E5071C,MY46107723,B.14.10', '+0,"No error"'],
    ['pna', 'Keysight Technologies,E5080B,MY59102246,A.15.20.07', '+0,"No error"'],
    ['znb', 'Rohde-Schwarz,ZNB8-4Port,1311601044101872,3.45', '0,"No error"'],
    ['pim', 'Kaelus,iQA-0900E,KA20411287,2.6.1', '0,"No error"'],
  ] as const)(
    '%s answers *IDN? as its family and writes the empty queue its way',
    async (family, idn, noError) => {
      ({ sim, session } = await open(family));
      expect(await session.query('*IDN?')).toBe(`${idn},Sweepline simulator`);
      expect(await session.query('SYST:ERR?')).toBe(noError);
      expect(sim.resource).toBe(`TCPIP0::127.0.0.1::${sim.port}::SOCKET`);
    },
  );

  it('answers the identity it is configured with, marked as a simulator; every family its own serial number', async () => {
    const idn = 'Keysight Technologies,E5071C,MY46100001,B.13.10';
    ({ sim, session } = await open('ena', { ...DEFAULT_SIM_CONFIG, idn: { ena: idn } }));
    const identity = parseIdentity(await session.query('*IDN?'), sim.resource);
    expect(identity).toMatchObject({ maker: 'Keysight Technologies', serial: 'MY46100001' });
    expect(isSweeplineSimulator(identity)).toBe(true);
    expect(isSweeplineSimulator(parseIdentity(idn, sim.resource))).toBe(false);
    const serials = Object.values(SIM_INSTRUMENTS).map((i) => i.serial);
    expect(new Set(serials).size).toBe(SIM_FAMILIES.length);
  });

  it('queues -113 for an unknown command and answers an unknown query with nothing', async () => {
    ({ sim, session } = await open('ena'));
    await session.write(':BOGUS:CMD 1');
    await expect(session.query(':BOGUS?')).rejects.toMatchObject({ kind: 'timeout' });
    expect(await session.readErrors()).toEqual([]);
    await session.write(':BOGUS:CMD 1');
    expect(await session.readErrors()).toEqual([{ code: -113, message: 'Undefined header' }]);
  });

  it('queues -222 out of range, -114 a channel beyond the maximum, -224 an unknown choice, -256 a missing file', async () => {
    ({ sim, session } = await open('ena', { ...DEFAULT_SIM_CONFIG, maxChannels: 4 }));
    await session.write([
      ':SENS1:FREQ:STAR 1e15',
      ':CALC5:PAR:COUN 1',
      ':CALC1:FORM POLAR',
      ':MMEM:DEL "nothing.png"',
    ]);
    const errors = await session.readErrors();
    expect(errors.map((e) => e.code)).toEqual([-222, -114, -224, -256]);
    expect(errors[0]?.message).toMatch(/^Data out of range/);
  });

  it('replaces the last entry of a full queue with -350', async () => {
    ({ sim, session } = await open('znb'));
    await session.write(Array.from({ length: 40 }, () => 'NOPE'));
    const errors = await session.readErrors();
    expect(errors).toHaveLength(32);
    expect(errors[31]).toEqual({ code: -350, message: 'Queue overflow' });
  });

  it.each([
    ['REAL,64', 'NORM'],
    ['REAL,64', 'SWAP'],
    ['REAL,32', 'NORM'],
    ['REAL,32', 'SWAP'],
    ['ASCII', 'NORM'],
  ] as const)('sends trace data as %s %s', async (format, order) => {
    ({ sim, session } = await open('ena'));
    await session.write([':SENS1:FREQ:STAR 1e9', ':SENS1:FREQ:STOP 2e9', ':SENS1:SWE:POIN 5']);
    await session.setDataFormat(format, order);
    expect(Array.from(await session.queryNumbers(':SENS1:FREQ:DATA?'))).toEqual([
      1e9, 1.25e9, 1.5e9, 1.75e9, 2e9,
    ]);
    expect(await session.query('FORM:DATA?')).toBe(format === 'ASCII' ? 'ASC,0' : format);
  });

  it("runs several commands of one line separated by ';', and answers in Keysight's NR3 or R&S's plain numbers", async () => {
    ({ sim, session } = await open('ena'));
    expect(await session.query(':SENS1:SWE:POIN 11; :SENS1:FREQ:STAR 2e6; :SENS1:FREQ:STAR?')).toBe(
      '+2.00000000000E+006',
    );
    await session.close();
    await sim.close();
    ({ sim, session } = await open('znb'));
    await session.write("CALC1:PAR:SDEF 'T1','S21'");
    expect(await session.query('SENS1:FREQ:STAR 2e6; SENS1:FREQ:STAR?')).toBe('2000000');
  });

  it('makes *OPC? wait for the end of a sweep', async () => {
    sim = await startSimulator({ family: 'znb', config: { ...DEFAULT_SIM_CONFIG, timeScale: 1 } });
    session = new ScpiSession(await openTcpTransport('127.0.0.1', sim.port), { checkErrors: false });
    await session.write(["CALC1:PAR:SDEF 'T1','S21'", 'SENS1:SWE:POIN 201', 'SENS1:BAND 1000']);
    const start = Date.now();
    await session.writeAndWait('INIT1:IMM');
    expect(Date.now() - start).toBeGreaterThanOrEqual(190);
  });

  it('measures the same noisy trace for the same seed and commands, and another for another seed', async () => {
    const trace = async (seed: number) => {
      ({ sim, session } = await open('znb', { ...DEFAULT_SIM_CONFIG, seed }));
      await session.write(["CALC1:PAR:SDEF 'T1','S21'", 'SENS1:SWE:POIN 51', 'INIT1:IMM']);
      const values = Array.from(await session.queryNumbers('CALC1:DATA? SDAT'));
      await session.close();
      await sim.close();
      return values;
    };
    const first = await trace(3);
    expect(await trace(3)).toEqual(first);
    expect(await trace(4)).not.toEqual(first);
  });

  it('moves a time gate by its centre and span, keeping the other', async () => {
    ({ sim, session } = await open('ena'));
    const gate = ':CALC1:FILT:TIME';
    await session.write([`${gate}:STAR -2e-9`, `${gate}:STOP 8e-9`, `${gate}:CENT 10e-9`]);
    expect(await session.query(`${gate}:STAR?`)).toBe('+5.00000000000E-009');
    expect(await session.query(`${gate}:STOP?`)).toBe('+1.50000000000E-008');
    await session.write(`${gate}:SPAN 4e-9`);
    expect(await session.query(`${gate}:STAR?`)).toBe('+8.00000000000E-009');
    expect(await session.query(`${gate}:SPAN?`)).toBe('+4.00000000000E-009');
    await session.write(`${gate}:SPAN -1e-9`);
    expect((await session.readErrors()).map((e) => e.code)).toEqual([-222]);
  });

  it.each([
    ['ena', ':CALC1:FILT:TIME:SHAP', ['MIN', 'NORM', 'WIDE', 'MAX']],
    ['znb', 'CALC1:FILT:GATE:TIME:WIND', ['RECT', 'HAMM', 'HANN', 'BOHM', 'DCH']],
  ] as const)('%s gates its data with each of its gate shapes', async (family, shapeNode, shapes) => {
    ({ sim, session } = await open(family));
    const trace = family === 'ena' ? ':CALC1:PAR1:DEF S21' : "CALC1:PAR:SDEF 'T1','S21'";
    const gateOn = shapeNode.replace(/:(SHAP|WIND)$/, ':STAT ON');
    const data = family === 'ena' ? ':CALC1:DATA:FDAT?' : 'CALC1:DATA? FDAT';
    await session.write([trace, 'SENS1:SWE:POIN 101', gateOn]);
    for (const shape of shapes) {
      await session.write(`${shapeNode} ${shape}`);
      expect(await session.queryNumbers(data)).toHaveLength(family === 'ena' ? 202 : 101);
    }
    expect(await session.readErrors()).toEqual([]);
  });

  it('sets, reports and lists faults through the hidden :SIM:FAULT command', async () => {
    ({ sim, session } = await open('pim'));
    expect(await session.query(':SIM:FAULT?')).toBe('NONE');
    await session.write(':SIM:FAULT slow,1.5');
    expect(await session.query(':SIM:FAULT?')).toBe('SLOW,1.5');
    expect(sim.fault).toEqual({ kind: 'SLOW', slowS: 1.5 });
    await session.write(':SIM:FAULT NOREPLY');
    await expect(session.query('*IDN?')).rejects.toBeInstanceOf(InstrumentError);
    expect(await session.query(':SIM:FAULT?')).toBe('NOREPLY');
    await session.write([':SIM:FAULT NONE', ':SIM:FAULT WHATEVER']);
    expect(await session.readErrors()).toEqual([{ code: -224, message: 'Illegal parameter value' }]);
    expect(await session.query(':SIM:FAULT:CAT?')).toMatch(/^"NONE: behave normally","NOREPLY: /);
  });

  it('changes the channel/trace maximum through the hidden :SIM:LIMit command', async () => {
    ({ sim, session } = await open('ena'));
    await session.write(':SIM:LIM 4,8');
    expect(await session.query(':SIM:LIM?')).toBe('4,8');
    await session.write([':CALC5:PAR:COUN 1', ':CALC4:PAR:COUN 9']);
    expect((await session.readErrors()).map((e) => e.code)).toEqual([-114, -222]);
  });
});

describe('faults', () => {
  it('parses KIND[,value] and writes it back', () => {
    expect(parseFault('error,-222')).toEqual({ kind: 'ERROR', errorCode: -222 });
    expect(parseFault('SLOW')).toEqual({ kind: 'SLOW' });
    expect(parseFault('drop')).toEqual({ kind: 'DROP' });
    expect(parseFault('ERROR,5')).toBeUndefined();
    expect(parseFault('SLOW,-1')).toBeUndefined();
    expect(parseFault('NONE,1,2')).toBeUndefined();
    expect(parseFault('LATE')).toBeUndefined();
    expect(formatFault({ kind: 'ERROR', errorCode: -222 })).toBe('ERROR,-222');
    expect(formatFault({ kind: 'DROP' })).toBe('DROP');
  });
});
