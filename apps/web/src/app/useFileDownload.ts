import { downloadBlob } from '@sweepline/ui';
import { useState } from 'react';
import { reportFailure, type FileReply } from './api-client';

/**
 * A download button's state: fetches a file the server makes (a CSV of History or Containment),
 * saves it under the server's name, else `fallbackName`, and keeps the failure's message to show.
 */
export function useFileDownload(fetchFile: () => Promise<FileReply>, fallbackName: string) {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string>();
  const download = async () => {
    setExporting(true);
    setError(undefined);
    try {
      const { blob, fileName } = await fetchFile();
      downloadBlob(blob, fileName ?? fallbackName);
    } catch (failure) {
      reportFailure(failure, setError);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, error, download };
}
