import type { RunRelease } from '@sweepline/domain';

/**
 * The release a run was made with (issue 39), joined into the queries that list runs rather than
 * read per run: `rel` is the run's release by (seq_id, release_no), `newest` the test's newest
 * released one. Both use seq_release's (seq_id, no) key. Needs `run r`.
 */
export const RELEASE_OF_RUN = `
  LEFT JOIN seq_release rel ON rel.seq_id = r.seq_id AND rel.no = r.release_no
  LEFT JOIN LATERAL (
    SELECT max(n.no) AS no FROM seq_release n WHERE n.seq_id = r.seq_id AND n.state = 'released'
  ) newest ON rel.id IS NOT NULL`;

export const RELEASE_OF_RUN_COLUMNS = `rel.no AS release_no, rel.created_at AS release_at, rel.note AS release_note,
  newest.no AS release_newest_no`;

export interface ReleaseOfRunRow {
  release_no: number | null;
  release_at: Date | null;
  release_note: string | null;
  release_newest_no: number | null;
}

/** The wire's RunRelease of a row; null for a run made before releases. */
export function runReleaseOf(row: ReleaseOfRunRow): RunRelease | null {
  if (row.release_no === null || row.release_at === null) return null;
  return {
    no: row.release_no,
    at: row.release_at.toISOString(),
    note: row.release_note ?? '',
    // a run's own release is its test's newest when none released is newer (one waiting, say)
    newestNo: Math.max(row.release_no, row.release_newest_no ?? row.release_no),
  };
}
