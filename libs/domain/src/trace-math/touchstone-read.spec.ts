import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTouchstone } from './touchstone-read';
import { networkTrace } from './touchstone.types';

const DIR = join(__dirname, '../../fixtures/touchstone');
const fixture = (name: string) => readTouchstone(readFileSync(join(DIR, name), 'utf8'), { fileName: name });
const db = (x: number) => 10 ** (x / 20);
const polar = (mag: number, deg: number) => [
  mag * Math.cos((deg * Math.PI) / 180),
  mag * Math.sin((deg * Math.PI) / 180),
];

function expectValue(
  file: ReturnType<typeof fixture>,
  to: number,
  from: number,
  k: number,
  [re, im]: number[],
) {
  const t = networkTrace(file.network, to, from);
  expect(t.re[k]).toBeCloseTo(re!, 12);
  expect(t.im[k]).toBeCloseTo(im!, 12);
}

describe('readTouchstone on the scikit-rf fixtures', () => {
  it('reads a 1-port in GHz RI with comments between the points (delay_short.s1p)', () => {
    const f = fixture('delay_short.s1p');
    expect(f).toMatchObject({ version: 1, format: 'RI', freqUnit: 'GHz' });
    expect(f.network).toMatchObject({ ports: 1, parameter: 'S', z0: [50] });
    expect(f.network.freqs_Hz).toHaveLength(201);
    expect(f.network.freqs_Hz[1]).toBe(75.175e9);
    expectValue(f, 1, 1, 0, [0.45345337996, 0.891279996524]);
    expect(f.network.comments).toContain('Created with mwavepy.');
  });

  it('reads a version 1 2-port in the S11 S21 S12 S22 order, CRLF lines (P1-MSL_Thru_100-P2.s2p)', () => {
    const f = fixture('P1-MSL_Thru_100-P2.s2p');
    expect(f.network.freqs_Hz).toHaveLength(10000);
    expect(f.network.freqs_Hz[0]).toBe(1e6);
    expect(f.network.freqs_Hz[9999]).toBe(10e9);
    expectValue(f, 1, 1, 0, [0.0021559, 0.0015463]);
    expectValue(f, 2, 1, 0, [0.9936956, -0.0032486]);
    expectValue(f, 1, 2, 0, [1.000595, -0.0042492]);
    expectValue(f, 2, 2, 0, [-0.0006809, 0.0007896]);
  });

  it('reads MA pairs (designer_bandpass_filter_450_550MHz.s2p)', () => {
    const f = fixture('designer_bandpass_filter_450_550MHz.s2p');
    expect(f.format).toBe('MA');
    expect(f.network.freqs_Hz).toHaveLength(1000);
    expectValue(f, 1, 1, 0, polar(1, 179.940182132477));
    expectValue(f, 2, 1, 0, polar(4.14165676198742e-10, -90.0598178675226));
  });

  it('reads a 3-port in MHz DB, one matrix row per line (EP2C_Plus25DegC_Unit1.s3p)', () => {
    const f = fixture('EP2C_Plus25DegC_Unit1.s3p');
    expect(f).toMatchObject({ format: 'DB', freqUnit: 'MHz' });
    expect(f.network.freqs_Hz).toHaveLength(169);
    expect(f.network.freqs_Hz[0]).toBe(10e6);
    expectValue(f, 1, 2, 0, polar(db(-3.732846), -0.7123462));
    expectValue(f, 2, 1, 0, polar(db(-3.733404), -0.7104672));
    expectValue(f, 3, 3, 1, polar(db(-10.9852), 177.3916));
  });

  it('reads a 4-port over continuation lines at 75 Ω (Agilent_E5071B.s4p)', () => {
    const f = fixture('Agilent_E5071B.s4p');
    expect(f.network).toMatchObject({ ports: 4, z0: [75, 75, 75, 75] });
    expect(f.network.freqs_Hz).toHaveLength(205);
    expectValue(f, 1, 1, 0, polar(db(-0.2290151), 177.8212));
    expectValue(f, 1, 4, 0, polar(db(-80.99038), 119.4139));
    expectValue(f, 2, 1, 0, polar(db(-52.52684), -135.0884));
    expectValue(f, 4, 4, 0, polar(db(-0.2562045), -173.0847));
  });

  it('reads the other fixtures whole', () => {
    expect(fixture('probe.s2p').network.freqs_Hz).toHaveLength(401);
    expect(fixture('resonator_36mm.s2p')).toMatchObject({ freqUnit: 'Hz' });
    expect(fixture('ring_slot.s2p').network.freqs_Hz).toHaveLength(201);
    expect(fixture('ring_slot_measured.s1p').network.freqs_Hz).toHaveLength(101);
  });
});

describe('readTouchstone, version 2 keywords', () => {
  const v2 = (body: string) => `! a v2 file\n[Version] 2.0\n# MHz S RI R 50\n${body}`;

  it('reads the 12_21 order, a [Reference] over two lines, [Number of Frequencies] and [End]', () => {
    const f = readTouchstone(
      v2(`[Number of Ports] 2
[Two-Port Data Order] 12_21
[Number of Frequencies] 2
[Reference] 50
75
[Network Data]
100 0.1 0 0.12 0 0.21 0 0.22 0
200 0.1 0 0.12 0 0.21 0 0.22 0 ! a comment
[End]
`),
    );
    expect(f).toMatchObject({ version: 2, twoPortOrder: '12_21', matrixFormat: 'Full' });
    expect(f.network.z0).toEqual([50, 75]);
    expect(networkTrace(f.network, 1, 2).re).toEqual([0.12, 0.12]);
    expect(networkTrace(f.network, 2, 1).re).toEqual([0.21, 0.21]);
  });

  it('fills a symmetric network from a Lower or Upper matrix', () => {
    const head = `[Number of Ports] 3\n[Number of Frequencies] 1\n`;
    const lower = readTouchstone(
      v2(`${head}[Matrix Format] Lower\n[Network Data]\n1 11 0\n21 0 22 0\n31 0 32 0 33 0\n[End]`),
    );
    const upper = readTouchstone(
      v2(`${head}[Matrix Format] upper\n[Network Data]\n1 11 0 21 0 31 0\n22 0 32 0\n33 0\n`),
    );
    for (const f of [lower, upper]) {
      expect(networkTrace(f.network, 1, 3).re).toEqual([31]);
      expect(networkTrace(f.network, 3, 1).re).toEqual([31]);
      expect(networkTrace(f.network, 3, 2).re).toEqual([32]);
    }
  });

  it('skips information blocks and noise data', () => {
    const f = readTouchstone(
      v2(`[Number of Ports] 1
[Begin Information]
anything 1 2 3
[End Information]
[Number of Noise Frequencies] 1
[Network Data]
1 0.5 0
[Noise Data]
1 2 0.5 0 0.1
[End]`),
    );
    expect(f.network.freqs_Hz).toEqual([1e6]);
  });

  it('skips the noise parameters of a version 1 2-port', () => {
    const f = readTouchstone('# Hz S RI\n1 1 0 2 0 3 0 4 0\n2 1 0 2 0 3 0 4 0\n1 2.0 0.5 -20 0.3\n', {
      ports: 2,
    });
    expect(f.network.freqs_Hz).toEqual([1, 2]);
  });

  it('defaults a bare option line to GHz S MA R 50 and ignores later option lines', () => {
    const f = readTouchstone('#\n# Hz RI\n1 2 90\n', { ports: 1 });
    expect(f).toMatchObject({ freqUnit: 'GHz', format: 'MA' });
    expect(f.network.freqs_Hz).toEqual([1e9]);
    expect(f.network.data[0]![0]!.im[0]).toBeCloseTo(2, 12);
  });
});

describe('readTouchstone refuses', () => {
  const bad: [string, string, number | undefined][] = [
    ['# Hz S RI\n1 1\n', 'Line 2: the frequency point has 2 numbers, a 1-port needs 3', 1],
    ['# Hz S RI\n2 1 0\n1 1 0\n', 'Line 3: frequency 1 is not above the previous one', 1],
    ['1 1 0\n# Hz S RI\n', 'Line 1: data comes before the option line', 1],
    ['# Hz S RI\n1 1 x\n', "Line 2: 'x' is not a number", 1],
    ['# Hz S XY\n', "Line 1: 'XY' is not an option line field", 1],
    ['# Hz S RI R -5\n', 'Line 1: the reference impedance must be positive', 1],
    [
      '# Hz S RI\n1 1 0\n',
      'Line 2: the port count is unknown: give the file name (.s2p) or the ports',
      undefined,
    ],
    ['! nothing\n', 'The file holds no network data', 1],
    ['[Version] 3.0\n', 'Line 1: version 3.0 is not supported (1.x and 2.0 are)', 1],
    ['[Version] 2.0\n# Hz\n[Mixed-Mode Order] D2,1\n', 'Line 3: [Mixed-Mode Order] is not supported', 1],
    [
      '[Version] 2.0\n# Hz\n[Number of Ports] two\n',
      'Line 3: [Number of Ports] needs a positive whole number',
      1,
    ],
    ['[Version] 2.0\n# Hz\n[Matrix Format] Diagonal\n', 'Line 3: [Matrix Format] is Full, Lower or Upper', 1],
    [
      '[Version] 2.0\n# Hz\n[Two-Port Data Order] 11_22\n',
      'Line 3: [Two-Port Data Order] is 12_21 or 21_12',
      1,
    ],
    [
      '[Version] 2.0\n# Hz\n[Network Data]\n1 1 0\n',
      'Line 4: [Number of Ports] must come before the data',
      1,
    ],
    [
      '[Version] 2.0\n# Hz\n[Number of Ports] 2\n[Network Data]\n1 1 0 0 0 0 0 1 0\n',
      'Line 5: a 2-port needs [Two-Port Data Order]',
      1,
    ],
    ['[Version] 2.0\n# Hz\n[Number of Ports] 1\n1 1 0\n', 'Line 4: data outside [Network Data]', 1],
    [
      '[Version] 2.0\n# Hz\n[Number of Ports] 1\n[Number of Frequencies] 2\n[Network Data]\n1 1 0\n',
      '[Number of Frequencies] says 2, the data has 1',
      1,
    ],
    ['[Version 2.0\n', "Line 1: '[Version 2.0' is not a keyword", 1],
  ];
  it.each(bad)('%j with a message', (text, message, ports) => {
    expect(() => readTouchstone(text, ports === undefined ? {} : { ports })).toThrow(message);
  });
});
