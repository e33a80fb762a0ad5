import type { SimFamily } from '../simulators/sim-config';
import { DEFAULT_SIM_CONFIG } from '../simulators/sim-config';
import type { Simulator } from '../simulators/simulator';
import { startSimulator } from '../simulators/simulator';
import { connectInstrument } from './connect';
import type { NetworkAnalyzer } from './network-analyzer';
import type { PimAnalyzer, PimFixedSetup } from './pim-analyzer';
import { failure, FILTER_SWEEP, S21_LOGMAG, TEST_TRANSPORT } from './testing/sim-fixture';

/** Real time (a 20 ms sweep), so a fault can strike in the middle of one. */
const start = (family: SimFamily, fault = DEFAULT_SIM_CONFIG.fault) =>
  startSimulator({ family, config: { ...DEFAULT_SIM_CONFIG, timeScale: 1, fault } });

const PIM_TEST: PimFixedSetup = {
  carrierDbm: 43,
  imOrder: 3,
  imProduct: 'low',
  mode: 'reverse',
  unit: 'dBc',
  f1Hz: 935e6,
  f2Hz: 955e6,
  durationS: 1,
};

/** The measuring call of each kind: a sweep of channel 1, or a 1 s fixed tone. */
async function measure(instrument: NetworkAnalyzer | PimAnalyzer, timeoutMs?: number): Promise<unknown> {
  if (instrument.kind === 'pim-analyzer')
    return instrument.measureFixed({ ...PIM_TEST, ...(timeoutMs ? { timeoutMs } : {}) });
  await instrument.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG]);
  return instrument.sweep(1, timeoutMs ? { timeoutMs } : {});
}

describe.each(['ena', 'pna', 'znb', 'pim'] as const)(
  'faults of the %s simulator, as the user sees them',
  (family) => {
    let sim: Simulator;
    let instrument: NetworkAnalyzer | PimAnalyzer;
    const what = family === 'pim' ? 'PIM test' : 'sweep';

    beforeEach(async () => {
      sim = await start(family);
      instrument = await connectInstrument(sim.resource, { transport: TEST_TRANSPORT });
    });

    afterEach(async () => {
      await instrument.close();
      await sim.close();
    });

    it('NOREPLY: a timeout naming the query, then the instrument works again once it answers', async () => {
      sim.setFault({ kind: 'NOREPLY' });
      const error = await failure(measure(instrument));
      expect(error.kind).toBe('timeout');
      expect(error.message).toMatch(
        /^No complete reply from TCPIP0::127\.0\.0\.1::\d+::SOCKET to 'SYST:ERR\?' within 800 ms \(received: nothing\)\.$/,
      );
      sim.setFault({ kind: 'NONE' });
      await measure(instrument);
    });

    it('NOREPLY from the start: connecting times out on *IDN?', async () => {
      const silent = await start(family, { kind: 'NOREPLY' });
      const error = await failure(connectInstrument(silent.resource, { transport: TEST_TRANSPORT }));
      expect(error).toMatchObject({ kind: 'timeout', command: '*IDN?' });
      await silent.close();
    });

    it('ERROR: the instrument error, its code and the command it followed', async () => {
      await instrument.session.write(':SIM:FAULT ERROR,-222');
      const error = await failure(measure(instrument));
      expect(error.kind).toBe('instrument-error');
      expect(error.scpiErrors).toEqual([{ code: -222, message: 'Data out of range; simulated fault' }]);
      expect(error.message).toMatch(
        /^TCPIP0::\S+ reported -222,"Data out of range; simulated fault" after '\S+.*'\.$/,
      );
      sim.setFault({ kind: 'ERROR' });
      expect((await failure(measure(instrument))).message).toMatch(
        /reported -200,"Execution error; simulated fault" after/,
      );
    });

    it(`DROP: the connection lost during the ${what}, told as such; the next one reconnects`, async () => {
      sim.setFault({ kind: 'DROP' });
      const error = await failure(measure(instrument));
      expect(error.kind).toBe('closed');
      expect(error.message).toMatch(
        new RegExp(`^The connection to TCPIP0::\\S+ was lost during the ${what}`),
      );
      expect(error.message).toMatch(/closed the connection while replying to '\*OPC\?'/);
      sim.setFault({ kind: 'NONE' });
      await measure(instrument);
    });

    it(`SLOW: a ${what} that does not finish in time is a timeout saying so`, async () => {
      await instrument.session.write(':SIM:FAULT SLOW,1');
      const error = await failure(measure(instrument, 300));
      expect(error.kind).toBe('timeout');
      expect(error.message).toMatch(
        family === 'pim'
          ? /^The PIM test on \S+ \(the 1 s fixed tone\) did not finish within 300 ms\./
          : /^The sweep of channel 1 on \S+ did not finish within 300 ms \(about \d+ ms expected/,
      );
    });
  },
);

describe('faults in the middle of a transfer', () => {
  it('DROP cuts a binary block halfway: the data query fails as closed, saying how much came', async () => {
    const sim = await start('ena');
    const na = (await connectInstrument(sim.resource, { transport: TEST_TRANSPORT })) as NetworkAnalyzer;
    await na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG]);
    await na.sweep(1);
    sim.setFault({ kind: 'DROP' });
    const error = await failure(na.complexData(1, 1));
    expect(error.kind).toBe('closed');
    expect(error.message).toMatch(
      /closed the connection while replying to ':CALC1:DATA:SDAT\?' \(received: \d+ of the 3216 data bytes/,
    );
    await na.close();
    await sim.close();
  });

  it('switches the PIM carriers off even after the connection dropped mid-test', async () => {
    const sim = await start('pim', { kind: 'DROP' });
    const pim = (await connectInstrument(sim.resource, { transport: TEST_TRANSPORT })) as PimAnalyzer;
    await failure(pim.measureFixed(PIM_TEST));
    sim.setFault({ kind: 'NONE' });
    expect(await pim.session.query(':PIM:RF?')).toBe('0');
    await pim.close();
    await sim.close();
  });
});
