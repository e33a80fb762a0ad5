import {
  commandsSince,
  connectNa,
  FILTER_SWEEP,
  S21_LOGMAG,
  startTestSimulator,
} from './testing/sim-fixture';
import { describeNetworkAnalyzer } from './testing/na-suite';

describeNetworkAnalyzer({
  family: 'ena',
  capacityAdvice: /System > Misc Setup > Channel\/Trace Setup \(FAQ: "16 channels 16 traces"\)/,
  stimulus: [
    ':SENS1:FREQ:STAR 800000000',
    ':SENS1:FREQ:STOP 1000000000',
    ':SENS1:SWE:POIN 201',
    ':SENS1:BAND 10000',
    ':SOUR1:POW -5',
  ],
  averaging: [':SENS1:AVER:COUN 4', ':SENS1:AVER ON', ':SENS1:AVER:CLE'],
  smoothing: [':CALC1:SMO:APER 2', ':CALC1:SMO ON'],
  gate: [
    ':CALC1:FILT:TIME NOTC',
    ':CALC1:FILT:TIME:SHAP WIDE',
    ':CALC1:FILT:TIME:STAR -2e-9',
    ':CALC1:FILT:TIME:STOP 8e-9',
    ':CALC1:FILT:TIME:STAT ON',
  ],
  channelLimitCodes: [-114],
  traceLimitCodes: [-222, -114],
});

describe('ENA specifics', () => {
  it('shows every channel it sets up, holds the others, and measures a full thru in both directions', async () => {
    const sim = await startTestSimulator('ena');
    const na = await connectNa(sim);
    const from = sim.commands.length;
    await na.setupChannel(3, FILTER_SWEEP, [S21_LOGMAG]);
    await na.setupChannel(5, FILTER_SWEEP, [S21_LOGMAG]);
    await na.sweep(5);
    await na.calibrate(5, { ports: [1, 2], method: 'mechanical', onStep: async () => undefined });
    const sent = commandsSince(sim, from);
    expect(sent).toEqual(
      expect.arrayContaining([
        ':DISP:SPL D123',
        ':DISP:SPL D123_456',
        ':INIT3:CONT OFF',
        ':INIT5:CONT ON',
        ':TRIG:SING',
      ]),
    );
    expect(sent).toEqual(
      expect.arrayContaining([
        ':SENS5:CORR:COLL:METH:SOLT2 1,2',
        ':SENS5:CORR:COLL:THRU 1,2',
        ':SENS5:CORR:COLL:THRU 2,1',
      ]),
    );
    await na.close();
    await sim.close();
  });
});
