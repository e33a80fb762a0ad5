import { LIMITS } from '../limits/limits';

/**
 * Stage and test numbers of tests (docs/requirements/test-editor.md, docs/requirements/test-editor.md#process-control-dialog, docs/requirements/test-editor.md#limits): tests are listed by stageNo,
 * then testNo; each stage-test pair is used once; both numbers are integers 1-99.
 */
export interface StageTest {
  stageNo: number;
  testNo: number;
}

export interface SeqNumbers extends StageTest {
  id: number;
}

/** Texts the spec leaves open ("stage and test numbers are integers 1-99" is its rule). */
export const PROCESS_CONTROL_MSG = {
  outOfRange: 'Stage and test numbers are integers 1-99',
  duplicate: (stageNo: number, testNo: number) => `Stage-test ${stageNo}-${testNo} is used more than once`,
  stageFull: (stageNo: number) => `Stage ${stageNo} has no free test number up to 99`,
} as const;

const MIN = LIMITS.minStageOrTestNo;
const MAX = LIMITS.maxStageOrTestNo;

export function isStageOrTestNo(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN && value <= MAX;
}

export function compareSeqs(a: SeqNumbers, b: SeqNumbers): number {
  return a.stageNo - b.stageNo || a.testNo - b.testNo || a.id - b.id;
}

/** The tests in list order; the id breaks ties so the order is stable across reloads. */
export function sortSeqs<T extends SeqNumbers>(seqs: readonly T[]): T[] {
  return [...seqs].sort(compareSeqs);
}

export type PlaceResult<T> = { ok: true; seqs: T[] } | { ok: false; error: string };

/**
 * The tests with `newSeq` placed at its stage-test pair (a new, pasted or renumbered test; a
 * test of the same id is replaced). On a collision the tests of that stage make room by
 * shifting up one (docs/requirements/test-editor.md), but only as far as the next free number: in a stage of
 * tests 1, 2, 5, a new test 2 moves 2 to 3 and leaves 5. When the shift would pass 99 the
 * placement fails instead, because 99 is the highest test number.
 */
export function placeSeq<T extends SeqNumbers>(seqs: readonly T[], newSeq: T): PlaceResult<T> {
  const { stageNo, testNo } = newSeq;
  if (!isStageOrTestNo(stageNo) || !isStageOrTestNo(testNo)) {
    return { ok: false, error: PROCESS_CONTROL_MSG.outOfRange };
  }
  const others = seqs.filter((s) => s.id !== newSeq.id);
  const taken = testNumbersOf(others, stageNo);
  let free = testNo;
  while (taken.has(free)) free += 1;
  if (free > MAX) return { ok: false, error: PROCESS_CONTROL_MSG.stageFull(stageNo) };
  const shifted = others.map((s) =>
    s.stageNo === stageNo && s.testNo >= testNo && s.testNo < free ? { ...s, testNo: s.testNo + 1 } : s,
  );
  return { ok: true, seqs: sortSeqs([...shifted, newSeq]) };
}

function testNumbersOf(seqs: readonly SeqNumbers[], stageNo: number): Set<number> {
  return new Set(seqs.filter((s) => s.stageNo === stageNo).map((s) => s.testNo));
}

function firstFreeIn(seqs: readonly SeqNumbers[], stageNo: number, from: number): number | undefined {
  const taken = testNumbersOf(seqs, stageNo);
  for (let t = from; t <= MAX; t++) if (!taken.has(t)) return t;
  return undefined;
}

/**
 * The stage-test pair of a new or pasted test: right after the current test (its stage,
 * testNo + 1, placeSeq shifting the later ones), or after the last test when there is no
 * current one (-1 or not found); 1-1 in an empty product. When the rest of that stage is
 * full, the first free pair of the following stages (wrapping round) is used; undefined only
 * when all 99 x 99 pairs are taken.
 */
export function nextSeqNumbers(seqs: readonly SeqNumbers[], currentSeqId: number): StageTest | undefined {
  const sorted = sortSeqs(seqs);
  const anchor = sorted.find((s) => s.id === currentSeqId) ?? sorted[sorted.length - 1];
  if (!anchor) return { stageNo: MIN, testNo: MIN };
  const after = { stageNo: anchor.stageNo, testNo: anchor.testNo + 1 };
  const validAfter = isStageOrTestNo(after.stageNo) && isStageOrTestNo(after.testNo);
  if (validAfter && firstFreeIn(seqs, after.stageNo, after.testNo) !== undefined) return after;
  const start = Math.min(Math.max(anchor.stageNo, MIN), MAX);
  for (let i = 1; i <= MAX; i++) {
    // the stages after the anchor's, wrapping from 99 to 1, ending with the anchor's own
    const stageNo = ((start - MIN + i) % MAX) + MIN;
    const testNo = firstFreeIn(seqs, stageNo, MIN);
    if (testNo !== undefined) return { stageNo, testNo };
  }
  return undefined;
}

/**
 * The process-control dialog's rows checked (docs/requirements/test-editor.md#process-control-dialog): one message per row, in row
 * order, undefined for a good row. Every row of a repeated stage-test pair is marked, so the
 * user sees both.
 */
export function validateProcessControl(
  rows: readonly { seq_id: number; stage_no: number; test_no: number }[],
): (string | undefined)[] {
  const valid = (r: { stage_no: number; test_no: number }) =>
    isStageOrTestNo(r.stage_no) && isStageOrTestNo(r.test_no);
  const counts = new Map<string, number>();
  for (const r of rows.filter(valid)) {
    const key = `${r.stage_no}-${r.test_no}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return rows.map((r) => {
    if (!valid(r)) return PROCESS_CONTROL_MSG.outOfRange;
    const repeated = (counts.get(`${r.stage_no}-${r.test_no}`) ?? 0) > 1;
    return repeated ? PROCESS_CONTROL_MSG.duplicate(r.stage_no, r.test_no) : undefined;
  });
}
