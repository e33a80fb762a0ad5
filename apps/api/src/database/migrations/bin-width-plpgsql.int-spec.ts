import { fineBinWidth } from '@sweepline/domain';
import { describeEachDatabase } from '../../../test/test-app';
import { BinWidthPlpgsql1763861000000 } from './1763861000000-bin-width-plpgsql';

/**
 * Extremes a slot can hold: zero, subnormals, values either side of the 2⁻⁹⁶⁰ floor, powers of two
 * and their neighbours, a large value with a tiny spread, and the upload's largest (1e100).
 */
const EXTREMES = [
  0,
  5e-324,
  -5e-324,
  1e-320,
  -1e-310,
  2 ** -960,
  2 ** -959,
  1e-300,
  0.5,
  0.75,
  1,
  3,
  7.3,
  -2.5,
  1023.999,
  1024,
  1025,
  10000000.1,
  10000000.2,
  -1e100,
  1e100,
];
const PAIRS = EXTREMES.flatMap((lo) => EXTREMES.filter((hi) => lo <= hi).map((hi) => [lo, hi] as const));

/**
 * Migration 1763861000000 (issue 41): step_bin_width and pow2_floor in PL/pgSQL give the widths of
 * 1763860400000's SQL functions and of the domain's fineBinWidth, for every pair of extremes.
 */
describeEachDatabase('the slots’ bin width in PL/pgSQL (migration 1763861000000)', (t) => {
  const widths = async (): Promise<number[]> =>
    (
      await t().dataSource.query(
        `SELECT step_bin_width(lo, hi) AS width FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS p(lo, hi, i) ORDER BY i`,
        [PAIRS.map(([lo]) => lo), PAIRS.map(([, hi]) => hi)],
      )
    ).map((r: { width: number }) => r.width);
  const languages = async (): Promise<Record<string, string>> =>
    Object.fromEntries(
      (
        await t().dataSource.query(
          `SELECT p.proname, l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
            WHERE p.proname IN ('pow2_floor', 'step_bin_width')`,
        )
      ).map((r: { proname: string; lanname: string }) => [r.proname, r.lanname]),
    );

  it('gives the domain’s width for every pair of extremes, in PL/pgSQL and after down in SQL', async () => {
    const expected = PAIRS.map(([lo, hi]) => fineBinWidth(lo, hi));
    expect(await languages()).toEqual({ pow2_floor: 'plpgsql', step_bin_width: 'plpgsql' });
    expect(await widths()).toEqual(expected);
    const runner = t().dataSource.createQueryRunner();
    try {
      await new BinWidthPlpgsql1763861000000().down(runner);
      expect(await languages()).toEqual({ pow2_floor: 'sql', step_bin_width: 'sql' });
      expect(await widths()).toEqual(expected);
    } finally {
      await new BinWidthPlpgsql1763861000000().up(runner);
      await runner.release();
    }
    expect(await languages()).toEqual({ pow2_floor: 'plpgsql', step_bin_width: 'plpgsql' });
  });
});
