import type { TraceData } from '@sweepline/domain';
import { useEffect, useState } from 'react';
import type { Screenshot } from './RunAttachments';
import { testResultsApi } from './test-results.api';

/**
 * The selected run's traces and screenshots (beyond spec 2), fetched when the run changes; the
 * screenshots are fetched with the session header and shown from object URLs, freed afterwards.
 */
export function useRunFiles(runId: number | undefined, onError: (error: unknown) => void) {
  const [traces, setTraces] = useState<TraceData[]>([]);
  const [screenshots, setScreenshots] = useState<Screenshot[]>([]);

  useEffect(() => {
    setTraces([]);
    setScreenshots([]);
    if (runId === undefined) return;
    let live = true;
    const urls: string[] = [];
    (async () => {
      const [traceList, files] = await Promise.all([
        testResultsApi.traces(runId),
        testResultsApi.attachments(runId),
      ]);
      if (!live) return;
      setTraces(traceList);
      const shots: Screenshot[] = [];
      for (const info of files.filter((f) => f.kind === 'screenshot')) {
        const { blob } = await testResultsApi.attachment(runId, info.id);
        const url = URL.createObjectURL(blob);
        urls.push(url);
        shots.push({ info, url });
      }
      if (live) setScreenshots(shots);
    })().catch((error: unknown) => live && onError(error));
    return () => {
      live = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [runId]);

  return { traces, screenshots };
}
