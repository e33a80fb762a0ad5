import { DEFAULT_IDN, DEFAULT_SIM_CONFIG, simIdn } from './sim-config';
import { parseSimConfig, SimConfigError } from './sim-config-parse';

function messageOf(input: unknown): string {
  try {
    parseSimConfig(input);
  } catch (error) {
    if (error instanceof SimConfigError) return error.message;
    throw error;
  }
  throw new Error('expected the config to be refused');
}

describe('parseSimConfig', () => {
  it('fills every missing field from the defaults', () => {
    expect(parseSimConfig({})).toEqual(DEFAULT_SIM_CONFIG);
  });

  it('places devices on ports with their defaults, and reads the fault, the seed and the limits', () => {
    const config = parseSimConfig({
      seed: 7,
      timeScale: 0,
      maxChannels: 4,
      idn: 'Acme,Box,1,1',
      fault: 'slow,2',
      devices: [{ model: 'coupler', ports: [1, 2, 3, 4], couplingDb: 10 }],
      pim: { dutPimDbc: -150, rxBandHz: [700e6, 750e6] },
    });
    expect(config).toMatchObject({
      seed: 7,
      timeScale: 0,
      maxChannels: 4,
      idn: 'Acme,Box,1,1',
      fault: { kind: 'SLOW', slowS: 2 },
    });
    expect(config.devices).toEqual([
      {
        model: 'coupler',
        ports: [1, 2, 3, 4],
        couplingDb: 10,
        directivityDb: 25,
        throughLossDb: 0.2,
        returnLossDb: 30,
      },
    ]);
    expect(config.pim).toMatchObject({ dutPimDbc: -150, rxBandHz: [700e6, 750e6], noiseFloorDbm: -125 });
  });

  it('takes one identity per family, the others keeping their own', () => {
    const config = parseSimConfig({ idn: { ena: 'Keysight Technologies,E5071C,MY46100001,B.13.10' } });
    expect(simIdn(config, 'ena')).toBe('Keysight Technologies,E5071C,MY46100001,B.13.10');
    expect(simIdn(config, 'pim')).toBe(DEFAULT_IDN.pim);
    expect(simIdn(parseSimConfig({ idn: 'Acme,Box,7,1.0' }), 'znb')).toBe('Acme,Box,7,1.0');
  });

  it('names the field and the rule of what it refuses', () => {
    expect(messageOf([])).toBe('config: must be a JSON object');
    expect(messageOf({ sead: 1 })).toMatch(/^config\.sead: unknown field \(known: seed, /);
    expect(messageOf({ timeScale: -1 })).toBe('config.timeScale: must be a number from 0 to 1000, not -1');
    expect(messageOf({ devices: [{ model: 'resonator', ports: [1, 2] }] })).toMatch(
      /^config\.devices\[0\]\.model: must be one of bandpass, /,
    );
    expect(messageOf({ devices: [{ model: 'coupler', ports: [1, 2] }] })).toBe(
      'config.devices[0].ports: a coupler needs 4 test ports, each from 1 to 4',
    );
    expect(
      messageOf({
        devices: [
          { model: 'thru', ports: [1, 2] },
          { model: 'thru', ports: [2, 3] },
        ],
      }),
    ).toBe('config.devices[1].ports: port 2 already has a device');
    expect(messageOf({ devices: [{ model: 'bandpass', ports: [1, 2], order: 2.5 }] })).toBe(
      'config.devices[0].order: must be an integer from 1 to 12, not 2.5',
    );
    expect(messageOf({ devices: [{ model: 'lowpass', ports: [1, 2], response: 'elliptic' }] })).toBe(
      'config.devices[0].response: must be "chebyshev" or "butterworth"',
    );
    expect(messageOf({ pim: { txBandHz: [960e6, 925e6] } })).toBe(
      'config.pim.txBandHz: must be [low, high] in Hz with 0 < low < high',
    );
    expect(messageOf({ pim: { minCarrierDbm: 50, maxCarrierDbm: 40 } })).toBe(
      'config.pim: minCarrierDbm is above maxCarrierDbm',
    );
    expect(messageOf({ fault: 'BROKEN' })).toMatch(
      /^config\.fault: must be one of NONE, NOREPLY, ERROR, DROP, SLOW/,
    );
    const idnRule = 'must be one line "maker,model,serial,firmware", four fields, none empty';
    expect(messageOf({ idn: 'no commas' })).toBe(`config.idn: ${idnRule}`);
    expect(messageOf({ idn: 'Acme,Box,,1.0' })).toBe(`config.idn: ${idnRule}`);
    expect(messageOf({ idn: 'Acme,Box,1,1.0\n*RST' })).toBe(`config.idn: ${idnRule}`);
    expect(messageOf({ idn: { ena: 'Acme,Box,1' } })).toBe(`config.idn.ena: ${idnRule}`);
    expect(messageOf({ idn: { vna: 'Acme,Box,1,1.0' } })).toBe(
      'config.idn.vna: unknown family (known: ena, pna, znb, pim)',
    );
    expect(messageOf({ devices: {} })).toBe('config.devices: must be a list');
  });
});
