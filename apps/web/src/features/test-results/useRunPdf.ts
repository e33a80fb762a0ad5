import type { RunReport } from '@sweepline/domain';
import { downloadBlob } from '@sweepline/ui';
import { reportFailure } from '../../app/api-client';
import { testResultsApi } from './test-results.api';

/** Saves a run's PDF under the name the server gives (serial number plus test name). */
export function useRunPdf(onError: (message: string) => void) {
  return async (sn: string, run: RunReport) => {
    try {
      const { blob, fileName } = await testResultsApi.pdf(sn, run);
      downloadBlob(blob, fileName ?? `${sn} ${run.seqName}.pdf`);
    } catch (error) {
      reportFailure(error, onError);
    }
  };
}
