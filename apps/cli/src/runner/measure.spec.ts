import { readTouchstone } from '@sweepline/domain';
import {
  connectNetworkAnalyzer,
  DEFAULT_SIM_CONFIG,
  startSimulator,
  type Simulator,
} from '@sweepline/instruments';
import { measureNetwork, measureTrace } from './measure';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ family: 'znb', config: { ...DEFAULT_SIM_CONFIG, timeScale: 0 }, port: 0 });
});
afterAll(() => sim.close());

const STIMULUS = { startHz: 880e6, stopHz: 920e6, points: 5, ifbwHz: 1000, powerDbm: 0, averages: 1 };

describe('sweepline measure against a simulator', () => {
  it('reads one S parameter in a format over the band', async () => {
    const na = await connectNetworkAnalyzer(sim.resource);
    try {
      const { freqs, values } = await measureTrace(na, {
        stimulus: STIMULUS,
        sParam: 'S21',
        format: 'logMag',
      });
      expect(Array.from(freqs)).toEqual([880e6, 890e6, 900e6, 910e6, 920e6]);
      expect(values[2]).toBeGreaterThan(-3); // the simulated filter's pass band
      expect(values[2]).toBeLessThan(0);
    } finally {
      await na.close();
    }
  });

  it('writes every S parameter of the ports as a Touchstone file that reads back', async () => {
    const na = await connectNetworkAnalyzer(sim.resource);
    try {
      const text = await measureNetwork(na, STIMULUS, [1, 2]);
      const file = readTouchstone(text, { ports: 2 });
      expect(file.network.freqs_Hz).toHaveLength(5);
      const s21 = file.network.data[1]![0]!;
      const db = 20 * Math.log10(Math.hypot(s21.re[2]!, s21.im[2]!));
      expect(db).toBeGreaterThan(-3);
    } finally {
      await na.close();
    }
  });
});
