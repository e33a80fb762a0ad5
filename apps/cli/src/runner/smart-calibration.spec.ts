import { defaultCalibration, type Calibration } from '@sweepline/domain';
import { splitByKit, type ChannelCal } from './smart-calibration';

const cal = (type: Calibration['type'], ports: string): Calibration => defaultCalibration(1, type, ports);

describe('splitByKit', () => {
  // docs/requirements/step-parameters.md#calibrations: type 1-4 is the number of ports, 5 a thru between two ports
  const needed: ChannelCal[] = [
    { channel: 1, cal: cal(1, '1') },
    { channel: 2, cal: cal(2, '1-2') },
    { channel: 3, cal: cal(5, '3-4') },
    { channel: 4, cal: cal(4, '1-2-3-4') },
  ];
  const channels = (list: ChannelCal[]) => list.map((c) => c.channel);

  it('gives a 2-port module the calibrations of up to two ports, the rest to the mechanical kit', () => {
    const kits = splitByKit(needed, 2);
    expect([channels(kits.ecal), channels(kits.mechanical)]).toEqual([[1, 2, 3], [4]]);
  });

  it('gives a 4-port module every calibration, and a lab without one none', () => {
    expect(channels(splitByKit(needed, 4).ecal)).toEqual([1, 2, 3, 4]);
    const none = splitByKit(needed, undefined);
    expect([channels(none.ecal), channels(none.mechanical)]).toEqual([[], [1, 2, 3, 4]]);
  });
});
