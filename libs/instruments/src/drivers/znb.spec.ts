import {
  commandsSince,
  connectNa,
  FILTER_SWEEP,
  S21_LOGMAG,
  startTestSimulator,
} from './testing/sim-fixture';
import { describeNetworkAnalyzer } from './testing/na-suite';

describeNetworkAnalyzer({
  family: 'znb',
  capacityAdvice: /Delete unused channels and traces/,
  stimulus: [
    'SENS1:FREQ:STAR 800000000',
    'SENS1:FREQ:STOP 1000000000',
    'SENS1:SWE:POIN 201',
    'SENS1:BAND 10000',
    'SOUR1:POW -5',
  ],
  averaging: ['SENS1:AVER:COUN 4', 'SENS1:AVER:STAT ON', 'SENS1:SWE:COUN 4', 'SENS1:AVER:CLE'],
  smoothing: ['CALC1:SMO:APER 2', 'CALC1:SMO ON'],
  gate: ['CALC1:FILT:GATE:TIME:TYPE NOTC', 'CALC1:FILT:GATE:TIME:WIND BOHM', 'CALC1:FILT:GATE:TIME:STAT ON'],
  channelLimitCodes: [-114],
  traceLimitCodes: [-222],
});

describe('ZNB specifics', () => {
  it('sweeps one channel per INIT (scope SINGle) and calls the load MATCh', async () => {
    const sim = await startTestSimulator('znb');
    const na = await connectNa(sim);
    const from = sim.commands.length;
    await na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG]);
    await na.sweep(1);
    await na.calibrate(1, { ports: [1, 2], method: 'mechanical', onStep: async () => undefined });
    await na.calibrate(1, {
      ports: [1, 2],
      thruOnly: true,
      method: 'mechanical',
      onStep: async () => undefined,
    });
    const sent = [...sim.commands.slice(0, from), ...commandsSince(sim, from)];
    expect(sent).toEqual(expect.arrayContaining(['INIT:SCOP SING', 'INIT1:CONT OFF', 'INIT1:IMM']));
    expect(sent).toEqual(
      expect.arrayContaining([
        "SENS1:CORR:COLL:METH:DEF 'SwCal1',TOSM,1,2",
        'SENS1:CORR:COLL:SEL MATC,2',
        'SENS1:CORR:COLL:SEL THR,1,2',
      ]),
    );
    expect(sent).toContain("SENS1:CORR:COLL:METH:DEF 'SwCal1',FTR,1,2");
    await na.close();
    await sim.close();
  });
});
