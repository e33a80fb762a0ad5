/**
 * The analytics' float8 arithmetic in SQL, written so that it gives what JavaScript's doubles
 * give (docs/measurements.md, "Capability from merged statistics"). PostgreSQL refuses a product
 * or a quotient of non-zero numbers that underflows to 0 ("value out of range: underflow") where
 * JavaScript answers 0: an upload of the values 0 and 1e-170 into one quarter hour failed with a
 * 500 when its deviation was squared.
 */
export interface SqlDoubles {
  /** x², for a deviation x. */
  square(x: string): string;
  /** x / n, for a count n. */
  perCount(x: string, n: string): string;
}

/** The plain operators, as the migrations before 1763860700000 wrote them. */
export const PLAIN_DOUBLES: SqlDoubles = {
  square: (x) => `${x} * ${x}`,
  perCount: (x, n) => `${x} / ${n}`,
};

/**
 * Never refused: a deviation below 1e-150 squares to 0 (NEGLIGIBLE_DEVIATION of libs/domain's
 * slot statistics, which does the same), so a square is 0 or at least 1e-300, which no later
 * product with a count or quotient by one makes 0; a quotient by a count is 0 where it rounds to
 * 0, that is |x| ≤ n·2⁻¹⁰⁷⁵ (both sides exact for a count below 2⁵²), as JavaScript rounds it.
 */
export const JS_DOUBLES: SqlDoubles = {
  square: (x) => `CASE WHEN abs(${x}) < 1e-150::float8 THEN 0 ELSE ${x} * ${x} END`,
  perCount: (x, n) => `CASE WHEN abs(${x}) * 2 <= (${n}) * 5e-324::float8 THEN 0 ELSE ${x} / (${n}) END`,
};
