import type { AttachmentInfo } from '@sweepline/domain';
import { useEffect } from 'react';
import { useServerData } from '../../app/useServerData';
import type { Screenshot } from './RunAttachments';
import { testResultsApi } from './test-results.api';

const NONE: never[] = [];

/**
 * The selected run's traces and screenshots (beyond docs/requirements/results.md#screen), fetched when the run changes; the
 * screenshots are fetched with the session header and shown from object URLs, freed afterwards.
 * Nothing of the run shown before stays while the next run's files load.
 */
export function useRunFiles(runId: number | undefined, onError: (message: string) => void) {
  const lists = useServerData(
    ['test-results/run-files', runId],
    runId === undefined
      ? undefined
      : async () => {
          const [traces, files] = await Promise.all([
            testResultsApi.traces(runId),
            testResultsApi.attachments(runId),
          ]);
          return { runId, traces, files };
        },
    { onError },
  );
  const current = runId !== undefined && !lists.loading ? lists.data : undefined;
  const shots = useServerData(
    ['test-results/screenshots', current],
    current && (() => fetchScreenshots(current.runId, current.files)),
    { onError },
  );
  const screenshots = current && !shots.loading ? shots.data : undefined;
  useEffect(() => () => screenshots?.forEach((shot) => URL.revokeObjectURL(shot.url)), [screenshots]);
  return { traces: current?.traces ?? NONE, screenshots: screenshots ?? NONE };
}

async function fetchScreenshots(runId: number, files: AttachmentInfo[]): Promise<Screenshot[]> {
  const shots: Screenshot[] = [];
  for (const info of files.filter((f) => f.kind === 'screenshot')) {
    const { blob } = await testResultsApi.attachment(runId, info.id);
    shots.push({ info, url: URL.createObjectURL(blob) });
  }
  return shots;
}
