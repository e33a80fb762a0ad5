import { ActionId } from '@sweepline/domain';
import { ScpiSession } from '../../transport/scpi-session';
import { openTcpTransport } from '../../transport/tcp-transport';
import { DEFAULT_SIM_CONFIG, type SimFamily } from '../sim-config';
import { startSimulator, type Simulator } from '../simulator';
import { DEMO_PRODUCT_NAMES, demoUnit } from './demo-units';

describe('demo units', () => {
  it('draws the same unit again for the same serial number, and another for another', () => {
    const again = demoUnit('BPF-600', 'NEW-002');
    expect(JSON.stringify(demoUnit('BPF-600', 'NEW-002')?.devicesFor(undefined))).toBe(
      JSON.stringify(again?.devicesFor(undefined)),
    );
    expect(JSON.stringify(demoUnit('BPF-600', 'NEW-003')?.devicesFor(undefined))).not.toBe(
      JSON.stringify(again?.devicesFor(undefined)),
    );
    expect(demoUnit('F-200', 'NEW-002')).toBeUndefined();
  });

  it.each(DEMO_PRODUCT_NAMES)('makes 90-95 %% of %s units good, the others with a named fault', (product) => {
    const conditions = Array.from({ length: 5000 }, (_, i) => demoUnit(product, `U-${i}`)!.condition);
    const good = conditions.filter((c) => c === 'good').length / conditions.length;
    expect(good).toBeGreaterThan(0.9);
    expect(good).toBeLessThan(0.95);
    expect(new Set(conditions).size).toBeGreaterThan(2);
  });

  it("connects the coupler's port the step measures: through, coupled or isolated", () => {
    const unit = demoUnit('DC-20', 'DC-1')!;
    const ports = (action: ActionId) => unit.devicesFor(action)[0]?.ports;
    expect(ports(ActionId.GainMax)).toEqual([1, 2, 3, 4]);
    expect(ports(ActionId.ReturnLoss)).toEqual([1, 2, 3, 4]);
    expect(ports(ActionId.CouplerMax)).toEqual([1, 3, 2, 4]);
    expect(ports(ActionId.Attenuation)).toEqual([1, 3, 2, 4]);
    expect(ports(ActionId.Isolation)).toEqual([1, 3, 4, 2]);
  });
});

async function open(family: SimFamily, lines: string[] = []) {
  const sim = await startSimulator({
    family,
    config: { ...DEFAULT_SIM_CONFIG, timeScale: 0 },
    onUnit: (line) => lines.push(line),
  });
  const transport = await openTcpTransport('127.0.0.1', sim.port, { queryTimeoutMs: 2000 });
  return { sim, session: new ScpiSession(transport, { checkErrors: false }) };
}

/** |S21| in dB at one frequency, swept on channel 1 of the ENA. */
async function s21At(session: ScpiSession, freqHz: number): Promise<number> {
  await session.write([
    ':CALC1:PAR1:DEF S21',
    `:SENS1:FREQ:STAR ${freqHz}`,
    `:SENS1:FREQ:STOP ${freqHz}`,
    ':SENS1:SWE:POIN 2',
    ':CALC1:FORM MLOG',
    ':FORM:DATA ASC',
  ]);
  const [db] = (await session.query(':CALC1:DATA:FDAT?')).split(',').map(Number);
  return db as number;
}

describe(':SIM:DUT on the simulators', () => {
  let sim: Simulator;
  let session: ScpiSession;

  afterEach(async () => {
    await session?.close();
    await sim?.close();
  });

  it('measures the announced demo unit on the network analyzer, and tells its log', async () => {
    const lines: string[] = [];
    ({ sim, session } = await open('ena', lines));
    expect(await session.query(':SIM:DUT?')).toBe('"","",""');
    // the configured 900 MHz filter: 600 MHz is deep in its stop band
    expect(await s21At(session, 600e6)).toBeLessThan(-40);
    await session.write(':SIM:DUT "BPF-600","NEW-002"');
    const condition = demoUnit('BPF-600', 'NEW-002')!.condition;
    expect(await session.query(':SIM:DUT?')).toBe(`"BPF-600","NEW-002","${condition}"`);
    expect(await s21At(session, 600e6)).toBeGreaterThan(-2);
    expect(lines).toEqual([`BPF-600 NEW-002 connected (${condition})`]);
    await session.write(':SIM:DUT "F-200","A-1"');
    expect(await session.query(':SIM:DUT?')).toBe('"F-200","A-1","configured devices"');
    expect(await s21At(session, 600e6)).toBeLessThan(-40);
    expect(await session.readErrors()).toEqual([]);
  });

  it('switches the coupler port with the step announced', async () => {
    ({ sim, session } = await open('ena'));
    await session.write(`:SIM:DUT "DC-20","DC-7",${ActionId.GainMax}`);
    expect(await s21At(session, 500e6)).toBeGreaterThan(-1);
    await session.write(`:SIM:DUT "DC-20","DC-7",${ActionId.CouplerMax}`);
    const coupled = await s21At(session, 500e6);
    expect(coupled).toBeGreaterThan(-22);
    expect(coupled).toBeLessThan(-19);
    await session.write(`:SIM:DUT "DC-20","DC-7",${ActionId.Isolation}`);
    expect(await s21At(session, 500e6)).toBeLessThan(-40);
  });

  it("reads a high-PIM antenna's PIM on the PIM analyzer, a good one's below the limit", async () => {
    ({ sim, session } = await open('pim'));
    const serial = (condition: string) =>
      Array.from({ length: 500 }, (_, i) => `ANT-${i}`).find(
        (s) => demoUnit('ANT-900', s)?.condition === condition,
      )!;
    const fixedToneDbc = async (sn: string) => {
      await session.write([
        `:SIM:DUT "ANT-900","${sn}",${ActionId.PimFixedTone}`,
        ':PIM:CARR1:FREQ 935e6',
        ':PIM:CARR2:FREQ 960e6',
        ':PIM:UNIT DBC',
        ':PIM:FIX:DUR 5',
        ':PIM:RF ON',
        ':INIT',
      ]);
      return Number((await session.query('FETC:PIM?')).split(',')[1]);
    };
    expect(await fixedToneDbc(serial('good'))).toBeLessThan(-152);
    expect(await fixedToneDbc(serial('high PIM'))).toBeGreaterThan(-150);
  });

  it('refuses a unit without a serial number (-109)', async () => {
    ({ sim, session } = await open('pna'));
    await session.write(':SIM:DUT "BPF-600"');
    expect((await session.readErrors()).map((e) => e.code)).toEqual([-109]);
  });
});
