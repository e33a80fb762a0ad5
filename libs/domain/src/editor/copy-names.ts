import { LIMITS } from '../limits/limits';
import { cutToLength } from '../naming/name-text';

const COPY = ' - copy';

/** '{name}{suffix}', the name cut so that the whole fits the name limit (docs/requirements/test-editor.md#limits). */
function withSuffix(name: string, suffix: string): string {
  return cutToLength(name, LIMITS.nameLength - [...suffix].length) + suffix;
}

const NUMBERED = /^.* - copy - (\d+)$/;

/**
 * The highest N of the numbered copies of the name already there (case-insensitive), or 0.
 * A copy counts when it is exactly what copyName makes for its N, so the copies of a long
 * name, cut to make room for the suffix, count too. N past the safe integers is ignored:
 * N + 1 would round back onto N.
 */
function highestCopyNumber(base: string, taken: ReadonlySet<string>): number {
  let highest = 0;
  for (const name of taken) {
    const digits = NUMBERED.exec(name)?.[1];
    if (digits === undefined || withSuffix(base, `${COPY} - ${digits}`).toLowerCase() !== name) continue;
    const n = Number(digits);
    if (Number.isSafeInteger(n)) highest = Math.max(highest, n);
  }
  return highest;
}

/**
 * The name of a pasted copy (docs/requirements/test-editor.md#copy-and-paste): '{name} - copy'; when that is taken
 * (case-insensitive), '{name} - copy - N' with N one above the highest N already used for
 * that name, so the first numbered copy is 1. A long name is cut so the suffix still fits
 * in 100 characters.
 */
export function copyName(name: string, existing: readonly string[]): string {
  const base = name.trim();
  const taken = new Set(existing.map((n) => n.trim().toLowerCase()));
  const plain = withSuffix(base, COPY);
  if (!taken.has(plain.toLowerCase())) return plain;
  // free by construction: a taken '{name} - copy - N' would have counted towards the highest
  return withSuffix(base, `${COPY} - ${highestCopyNumber(base, taken) + 1}`);
}
