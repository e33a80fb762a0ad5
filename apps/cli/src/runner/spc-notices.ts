import type { RunSpcNotice } from '@sweepline/domain';
import type { RunnerApi } from './runner-api';

/**
 * What the run did to its steps' SPC alarms (issue 41, docs/cli.md "SPC alarms"), asked right
 * after its upload. The run is stored whatever this answers: a server from before SPC (404), or
 * one that cannot be reached now, leaves the operator without the alarm here, and the alarm still
 * shows on the board, in the list and in the mail. So no failure of this call stops the runner.
 */
export async function spcNoticesOf(
  api: Pick<RunnerApi, 'spcNotices'>,
  runId: number,
): Promise<RunSpcNotice[]> {
  try {
    return await api.spcNotices(runId);
  } catch {
    return [];
  }
}

/** The lines the runner prints after the verdict: the domain's words, one per step. */
export function spcLines(notices: readonly RunSpcNotice[]): string[] {
  return notices.map((notice) => (notice.opened ? notice.line : `${notice.line} (alarm still open)`));
}
