import { DEFAULT_SIM_CONFIG, startSimulator, type Simulator } from '@sweepline/instruments';
import { checkLab } from './lab-check';

/** `sweepline lab`'s check against a simulated analyzer over TCP. */
describe('checkLab with an ECal module', () => {
  let ena: Simulator;

  beforeAll(async () => {
    ena = await startSimulator({ family: 'ena', config: { ...DEFAULT_SIM_CONFIG, timeScale: 0 }, port: 0 });
  });
  afterAll(() => ena?.close());

  it('takes the module on the checked network analyzer and saves it', async () => {
    const lab = { networkAnalyzer: { resource: ena.resource }, ecalPorts: 4 as const, calibrationHours: 8 };
    const { lines, checked } = await checkLab(lab);
    expect(lines.map((l) => [l.role, l.resource, l.problem])).toEqual([
      ['network analyzer', ena.resource, undefined],
      ['ECal module', '4-port module on the network analyzer', undefined],
    ]);
    expect(checked.ecalPorts).toBe(4);
  });

  it('refuses a module without a network analyzer to drive it', async () => {
    const { lines } = await checkLab({ ecalPorts: 2, calibrationHours: 8 });
    expect(lines).toEqual([
      {
        role: 'ECal module',
        resource: '2-port module on the network analyzer',
        problem:
          'an ECal module calibrates through the network analyzer: name the analyzer with --na <resource>',
      },
    ]);
  });
});
