import type { InstrumentRole } from '@sweepline/domain';
import { DEFAULT_SIM_CONFIG, startSimulator, type Simulator } from '@sweepline/instruments';
import { InstrumentOverdue } from '../exit-codes';
import { InstrumentPool } from './instrument-pool';

describe('the instrument pool tells each connection before it measures (issue 40)', () => {
  let sim: Simulator;

  beforeAll(async () => {
    sim = await startSimulator({ family: 'ena', config: { ...DEFAULT_SIM_CONFIG, timeScale: 0 }, port: 0 });
  });

  afterAll(() => sim.close());

  it('refuses an instrument its hook refuses, asks again at the next connection, and keeps one it takes', async () => {
    const told: [InstrumentRole, string][] = [];
    let refuse = true;
    const pool = new InstrumentPool(
      { calibrationHours: 8, networkAnalyzer: { resource: sim.resource } },
      {},
      (role, i) => {
        told.push([role, i.identity.serial]);
        return refuse ? Promise.reject(new InstrumentOverdue('overdue')) : Promise.resolve();
      },
    );
    await expect(pool.networkAnalyzer()).rejects.toBeInstanceOf(InstrumentOverdue);
    refuse = false;
    const na = await pool.networkAnalyzer();
    expect(await pool.networkAnalyzer()).toBe(na);
    expect(told).toEqual([
      ['network_analyzer', 'MY46107723'],
      ['network_analyzer', 'MY46107723'],
    ]);
    await pool.close();
  });
});
