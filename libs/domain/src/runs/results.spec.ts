import type { RunRelease } from '../api/test-releases';
import { madeWithOlderRelease, olderReleaseNote, runReleaseLine } from './results';

const release = (no: number, newestNo: number, note = 'Tighter limits'): RunRelease => ({
  no,
  at: '2026-11-28T23:30:00.000Z',
  note,
  newestNo,
});

describe('the release a run was made with (issue 39)', () => {
  it('names number, local day and note; the day is the reader’s', () => {
    const run = (r: RunRelease) => ({ seqVersion: 4, release: r });
    expect(runReleaseLine(run(release(7, 7)), 0)).toBe('Release 7 · 2026-11-28 · Tighter limits');
    expect(runReleaseLine(run(release(7, 7)), 2)).toBe('Release 7 · 2026-11-29 · Tighter limits');
    expect(runReleaseLine(run(release(7, 7, '  ')), 0)).toBe('Release 7 · 2026-11-28');
  });

  it('says "before releases" for a run without one, with the test version it was made with', () => {
    expect(runReleaseLine({ seqVersion: 3, release: null }, 0)).toBe('Test version 3 · before releases');
    expect(madeWithOlderRelease(null)).toBe(false);
  });

  it('marks a run of an older release than the newest, and only that', () => {
    expect(madeWithOlderRelease(release(5, 7))).toBe(true);
    expect(madeWithOlderRelease(release(7, 7))).toBe(false);
    expect(olderReleaseNote(release(5, 7))).toBe("Release 5 — the test's newest release is 7");
  });
});
