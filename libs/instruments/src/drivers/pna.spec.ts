import {
  commandsSince,
  connectNa,
  FILTER_SWEEP,
  S21_LOGMAG,
  startTestSimulator,
} from './testing/sim-fixture';
import { describeNetworkAnalyzer } from './testing/na-suite';

describeNetworkAnalyzer({
  family: 'pna',
  capacityAdvice: /upper limit setting for the channel\/trace number/,
  stimulus: [
    'SENS1:FREQ:STAR 800000000',
    'SENS1:FREQ:STOP 1000000000',
    'SENS1:SWE:POIN 201',
    'SENS1:BWID 10000',
    'SOUR1:POW1 -5',
    'SOUR1:POW2 -5',
  ],
  averaging: ['SENS1:AVER:MODE POIN', 'SENS1:AVER:COUN 4', 'SENS1:AVER:STAT ON', 'SENS1:AVER:CLE'],
  smoothing: ['CALC1:MEAS1:SMO:APER 2', 'CALC1:MEAS1:SMO:STAT ON'],
  gate: [
    'CALC1:MEAS1:FILT:GATE:TIME:TYPE NOTC',
    'CALC1:MEAS1:FILT:GATE:TIME:SHAP WIDE',
    'CALC1:MEAS1:FILT:GATE:TIME:STAT ON',
  ],
  channelLimitCodes: [-114],
  traceLimitCodes: [-222],
});

describe('PNA specifics', () => {
  it('addresses measurements by the number the instrument gives them, and follows its guided calibration', async () => {
    const sim = await startTestSimulator('pna');
    const na = await connectNa(sim);
    await na.setupChannel(2, FILTER_SWEEP, [S21_LOGMAG]);
    const from = sim.commands.length;
    await na.setupChannel(1, FILTER_SWEEP, [S21_LOGMAG, { sParam: 'S11', format: 'logMag' }]);
    await na.setMarker(1, 2, 1, 9e8);
    await na.calibrate(1, {
      ports: [1, 2],
      method: 'mechanical',
      connector: 'Type N (50) female',
      calKit: '85032F',
      onStep: async () => undefined,
    });
    const sent = commandsSince(sim, from);
    // Channel 2's measurement took number 1, so channel 1's are 2 and 3.
    expect(sent).toEqual(
      expect.arrayContaining([
        "CALC1:PAR:EXT 'Sw1_2','S11'",
        'CALC1:MEAS3:FORM MLOG',
        'CALC1:MEAS3:MARK1:X 900000000',
        'SENS1:SWE:MODE HOLD',
      ]),
    );
    expect(sent).toEqual(
      expect.arrayContaining([
        "SENS1:CORR:COLL:GUID:CONN:PORT2 'Type N (50) female'",
        "SENS1:CORR:COLL:GUID:CKIT:PORT1 '85032F'",
        'SENS1:CORR:COLL:GUID:ACQ STAN7',
      ]),
    );
    await na.close();
    await sim.close();
  });
});
