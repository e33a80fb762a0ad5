import type { MigrationInterface, QueryRunner } from 'typeorm';
import { POW2_FLOOR_SQL, STEP_BIN_WIDTH_SQL } from './1763860400000-step-slot-bins';

/** pow2_floor and step_bin_width of 1763860400000 in PL/pgSQL: the same arithmetic, step by step. */
const PLPGSQL = `
  CREATE OR REPLACE FUNCTION pow2_floor(x float8) RETURNS float8 LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
  DECLARE
    p float8;
  BEGIN
    IF x > 0 THEN
      p := 2::float8 ^ floor(ln(x) / ln(2::float8));
      RETURN CASE WHEN p > x THEN p / 2 WHEN p <= x / 2 THEN p * 2 ELSE p END;
    END IF;
    RETURN 0;
  END $$;
  CREATE OR REPLACE FUNCTION step_bin_width(lo float8, hi float8) RETURNS float8 LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
  DECLARE
    l float8 := CASE WHEN abs(lo) < 2::float8 ^ -960 THEN 0 ELSE lo END;
    h float8 := CASE WHEN abs(hi) < 2::float8 ^ -960 THEN 0 ELSE hi END;
  BEGIN
    RETURN greatest(pow2_floor(greatest(h / 2 - l / 2, 2::float8 ^ -960) / 32),
                    greatest(pow2_floor(greatest(abs(l), abs(h))), 2::float8 ^ -960) * 2::float8 ^ -40);
  END $$;`;

/**
 * A slot's bin width in a bulk statement costs about 1.5 µs instead of 70 (issue 41;
 * docs/performance/history/analysis.md). step_bin_width was a SQL function with a FROM, which
 * PostgreSQL does not inline: each call ran its query in an executor of its own, and the two
 * pow2_floor calls in that query were parsed and planned again there at every call. The rebuild
 * paid that once per slot of the account (its slots' bins and days: most of the rebuild's time
 * once its triggers were off, 1763860900000). An upload's triggers make a few dozen calls and
 * measured the same either way (apps/api/bench/step-value-triggers.bench.ts). A PL/pgSQL function
 * keeps its expressions' plans for the session. The widths are the same: the same operations on
 * the same doubles, in the same order.
 */
export class BinWidthPlpgsql1763861000000 implements MigrationInterface {
  name = 'BinWidthPlpgsql1763861000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(PLPGSQL);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE OR REPLACE ${POW2_FLOOR_SQL}; CREATE OR REPLACE ${STEP_BIN_WIDTH_SQL};`);
  }
}
