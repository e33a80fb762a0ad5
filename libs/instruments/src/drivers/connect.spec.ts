import { FakeInstrument } from '../transport/testing/fake-instrument';
import { connectInstrument, connectNetworkAnalyzer, connectPimAnalyzer } from './connect';
import { familyOf, parseIdentity, supportedFamilies } from './identity';
import type { NetworkAnalyzer } from './network-analyzer';
import { failure, FILTER_SWEEP, S21_LOGMAG, startTestSimulator, TEST_TRANSPORT } from './testing/sim-fixture';

const family = (idn: string) => familyOf(parseIdentity(idn, 'test'));

describe('choosing the driver from *IDN?', () => {
  it.each([
    ['Agilent Technologies,E5071C,MY46100001,B.13.10', 'ena'],
    ['Keysight Technologies,E5071C,MY46100001,B.14.10', 'ena'],
    ['Keysight Technologies,N5227B,MY12345678,A.15.20.07', 'pna'],
    ['Agilent Technologies,N5230A,MY1,A.09.90', 'pna'],
    ['Keysight Technologies,E5080B,MY1,A.15.20', 'pna'],
    ['Keysight Technologies,P5004A,MY1,A.15.20', 'pna'],
    ['Rohde-Schwarz,ZNB8-4Port,1311601044100104,3.45', 'znb'],
    ['Rohde&Schwarz,ZNA26-4Port,1332.4500K24/100123,2.70', 'znb'],
    ['Rohde & Schwarz,ZND,1328.5170K12/101234,1.93', 'znb'],
    ['Kaelus,iQA-1900B,123456,4.2', 'pim-generic'],
    ['CommScope,PIM-Analyzer,1,1', 'pim-generic'],
    ['Sweepline,PIM Generic Simulator,SIM00PIM01,1.0', 'pim-generic'],
  ])('%s → %s', (idn, expected) => {
    expect(family(idn)).toBe(expected);
  });

  it.each([
    'Keysight Technologies,E4980A,MY1,A.02', // an LCR meter
    'Rohde-Schwarz,FSW-26,1,4.0', // a spectrum analyzer
    'Anritsu,MW82119B,1,1.0', // a PIM Master: its own command set, not ours
    'Copper Mountain,S5048,1,1',
  ])('refuses %s', (idn) => {
    expect(family(idn)).toBeUndefined();
  });

  it('reads maker, model, serial and firmware, and refuses a reply that is not an identity', () => {
    expect(parseIdentity(' Keysight Technologies,E5071C,MY1,B.14.10\r', 'r')).toEqual({
      maker: 'Keysight Technologies',
      model: 'E5071C',
      serial: 'MY1',
      firmware: 'B.14.10',
      idn: 'Keysight Technologies,E5071C,MY1,B.14.10',
    });
    expect(() => parseIdentity('1', 'TCPIP0::x::5025::SOCKET')).toThrow(
      `TCPIP0::x::5025::SOCKET answered *IDN? with '1', not "maker,model,serial,firmware".`,
    );
  });
});

describe('connectInstrument', () => {
  it('refuses an unknown model with the list of supported families, and closes the connection', async () => {
    const sim = await startTestSimulator('ena', { idn: 'Acme Instruments,Widget 3000,SN42,1.0' });
    const error = await failure(connectInstrument(sim.resource, { transport: TEST_TRANSPORT }));
    expect(error.kind).toBe('connect');
    expect(error.message).toBe(
      `${sim.resource} identifies itself as Acme Instruments Widget 3000 (*IDN? 'Acme Instruments,Widget 3000,SN42,1.0,Sweepline simulator'), ` +
        `and Sweepline has no driver for that model. Supported families: ${supportedFamilies()}.`,
    );
    expect(supportedFamilies()).toMatch(
      /ENA \(E5071C\); .*PNA.*E5080A\/B.*; Rohde & Schwarz ZNB, ZNA, ZND; PIM analyzers/,
    );
    await sim.close();
  });

  it('refuses a network analyzer where a PIM analyzer is needed, and the reverse', async () => {
    const vna = await startTestSimulator('znb');
    const pim = await startTestSimulator('pim');
    await expect(connectPimAnalyzer(vna.resource, { transport: TEST_TRANSPORT })).rejects.toThrow(
      `${vna.resource} is Rohde-Schwarz ZNB8-4Port, a network analyzer; this needs a PIM analyzer.`,
    );
    await expect(connectNetworkAnalyzer(pim.resource, { transport: TEST_TRANSPORT })).rejects.toThrow(
      `${pim.resource} is Kaelus iQA-0900E, a PIM analyzer; this needs a network analyzer.`,
    );
    await vna.close();
    await pim.close();
  });

  it('reports an instrument that cannot be reached', async () => {
    const sim = await startTestSimulator('ena');
    const resource = sim.resource;
    await sim.close();
    const error = await failure(connectInstrument(resource, { transport: TEST_TRANSPORT }));
    expect(error.kind).toBe('connect');
    expect(error.message).toMatch(/the connection was refused: nothing listens on port/);
  });
});

describe('checked replies', () => {
  let fake: FakeInstrument;
  let na: NetworkAnalyzer;

  /** An "ENA" whose answers the test scripts: every setting is accepted. */
  beforeEach(async () => {
    fake = await FakeInstrument.start();
    fake.on('*IDN?', () => 'Keysight Technologies,E5071C,MY1,B.14.10');
    for (const header of [':TRIG:SOUR', ':TRIG:AVER', ':CALC1:PAR1:SEL', ':CALC1:MARK1', ':CALC1:MARK1:X'])
      fake.on(header, () => undefined);
    na = await connectNetworkAnalyzer(fake.resource, { transport: TEST_TRANSPORT });
  });

  afterEach(async () => {
    await na.close();
    await fake.close();
  });

  it('refuses a marker reading that is not a number, naming the query and the reply', async () => {
    fake.on(':CALC1:MARK1:Y?', () => 'oops,0');
    const error = await failure(na.markerValue(1, 1, 1));
    expect(error.kind).toBe('bad-reply');
    expect(error.message).toBe(
      `${fake.resource} answered ':CALC1:MARK1:Y?' with 'oops,0', where numbers were expected.`,
    );
  });

  it('refuses a point count that is not a whole number, and data of the wrong length', async () => {
    fake.on('SENS1:SWE:POIN?', () => '201.5');
    expect((await failure(na.formattedData(1, 1))).message).toBe(
      `${fake.resource} answered 'SENS1:SWE:POIN?' with 201.5, where a whole number from 1 to 100003 was expected.`,
    );
    fake.on('SENS1:SWE:POIN?', () => '+201');
    fake.on(':CALC1:DATA:FDAT?', () => fake.encodeTrace([1, 0, 2, 0]));
    const error = await failure(na.formattedData(1, 1));
    expect(error.message).toBe(
      `${fake.resource} returned 4 values for ':CALC1:DATA:FDAT?', 402 were expected.`,
    );
  });

  it('keeps working after a refused reply', async () => {
    fake.on(':CALC1:MARK1:Y?', () => 'oops');
    await failure(na.markerValue(1, 1, 1));
    fake.on(':CALC1:MARK1:Y?', () => '-1.5E+000,+0.0E+000');
    expect(await na.markerValue(1, 1, 1)).toBe(-1.5);
  });
});

describe('a driver used from several places at once', () => {
  it('keeps each trace selection together with its data query', async () => {
    const sim = await startTestSimulator('ena');
    const na = await connectNetworkAnalyzer(sim.resource, { transport: TEST_TRANSPORT });
    await na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG, { sParam: 'S11', format: 'swr' }]);
    await na.sweep(1);
    const [s21, swr] = await Promise.all([na.formattedData(1, 1), na.formattedData(1, 2)]);
    expect(s21[100]).toBeLessThan(0);
    expect(Math.min(...swr)).toBeGreaterThanOrEqual(1);
    await na.close();
    await sim.close();
  });
});
