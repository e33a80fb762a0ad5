import { Args } from './args';
import { compilePattern, matchHeader, parseHeader, splitCommands } from './header';
import { SimError } from './sim-error';

const match = (pattern: string, header: string) => {
  const parsed = parseHeader(header);
  return parsed && matchHeader(compilePattern(pattern), parsed);
};

/** The SCPI error code a parameter check throws. */
function codeOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof SimError) return error.code;
    throw error;
  }
  return undefined;
}

describe('SCPI headers', () => {
  it('matches short and long forms in any case, with or without the leading colon', () => {
    for (const header of [
      ':SENS1:FREQ:STAR',
      'sense1:frequency:start',
      'SENSe1:FREQuency:STARt',
      ':sens:freq:star',
    ]) {
      expect(match('SENSe#:FREQuency:STARt', header)).toEqual([1]);
    }
    expect(match('SENSe#:FREQuency:STARt', 'SENS:FREQU:STAR')).toBeUndefined();
  });

  it('reads numeric suffixes, 1 when left out, and tells queries from commands', () => {
    expect(match('CALCulate#:MEASure#:MARKer#:Y?', 'CALC12:MEAS3:MARK10:Y?')).toEqual([12, 3, 10]);
    expect(match('CALCulate#:MARKer#:Y?', 'CALC2:MARK:Y?')).toEqual([2, 1]);
    expect(match('CALCulate#:MARKer#:Y?', 'CALC2:MARK1:Y')).toBeUndefined();
    expect(match('CALCulate:PARameter:COUNt', 'CALC2:PAR:COUN')).toBeUndefined();
  });

  it('keeps digits that belong to a mnemonic (S2P) and takes suffixes off the rest (SOLT2)', () => {
    expect(match('MMEMory:STORe:SNP:TYPE:S2P', ':MMEM:STOR:SNP:TYPE:S2P')).toEqual([]);
    expect(match('SENSe#:CORRection:COLLect:METHod:SOLT#', ':SENS1:CORR:COLL:METH:SOLT2')).toEqual([1, 2]);
    expect(parseHeader('*IDN?')).toEqual({ nodes: [{ name: '*IDN', suffix: undefined }], query: true });
    expect(parseHeader(':')).toBeUndefined();
    expect(parseHeader('FREQ-1')).toBeUndefined();
  });

  it("splits a line at ';' but not inside quotes", () => {
    expect(splitCommands(":MMEM:STOR 'a;b'; *OPC?;;")).toEqual([":MMEM:STOR 'a;b'", '*OPC?']);
  });
});

describe('SCPI parameters', () => {
  it('reads numbers with units, booleans, choices, strings and port lists', () => {
    const args = new Args(`1.5GHz, ON, mlogarithmic, 'a,b.s2p', '1,2'`);
    expect(args.number(0)).toBe(1.5e9);
    expect(args.boolean(1)).toBe(true);
    expect(args.choice(2, ['MLOGarithmic', 'PHASe'])).toBe('MLOG');
    expect(args.string(3)).toBe('a,b.s2p');
    expect(args.portList(4, 4)).toEqual([1, 2]);
    expect(new Args('10 ns').number(0)).toBeCloseTo(1e-8, 20);
  });

  it('refuses with the SCPI codes: -109 missing, -108 too many, -104 not a number, -222 out of range, -224 bad choice', () => {
    expect(codeOf(() => new Args('').expect(1))).toBe(-109);
    expect(codeOf(() => new Args('1,2').expect(1))).toBe(-108);
    expect(codeOf(() => new Args('abc').number(0))).toBe(-104);
    expect(codeOf(() => new Args('1 parsecs').number(0))).toBe(-104);
    expect(codeOf(() => new Args('1e15').number(0, 0, 1e10))).toBe(-222);
    expect(codeOf(() => new Args('2.5').integer(0, 1, 10))).toBe(-104);
    expect(codeOf(() => new Args('MAYBE').boolean(0))).toBe(-224);
    expect(codeOf(() => new Args('POLAR').choice(0, ['MLOGarithmic']))).toBe(-224);
    expect(codeOf(() => new Args('1,1').portList(0, 4))).toBe(-222);
    expect(codeOf(() => new Args('1,x').portList(0, 4))).toBe(-104);
  });
});
