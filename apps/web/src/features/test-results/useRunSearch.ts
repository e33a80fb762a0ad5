import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useServerData } from '../../app/useServerData';
import { testResultsApi } from './test-results.api';
import { trReportAtom, trRunIdAtom } from './test-results.atoms';

interface RunSearch {
  sn: string;
  all: boolean;
  /** The run to select (a link's), else the first. */
  pick?: number;
}

/**
 * The runs of a serial number (docs/requirements/serial-numbers.md#screen, docs/requirements/serial-numbers.md#add-dialog): each search asks again, even for the
 * same term, and selects the first run (or the linked one); a refusal leaves what was shown.
 */
export function useRunSearch(onError: (message: string) => void) {
  const [asked, setAsked] = useState<RunSearch>();
  const setReport = useSetAtom(trReportAtom);
  const setRunId = useSetAtom(trRunIdAtom);
  const found = useServerData(
    ['test-results/runs', asked],
    asked && (() => testResultsApi.bySn(asked.sn, asked.all)),
    { onError, keepDataOnError: true },
  ).data;
  useEffect(() => {
    if (!found) return;
    setReport(found);
    setRunId(found.reports.find((r) => r.runId === asked?.pick)?.runId ?? found.reports[0]?.runId);
  }, [found]);

  return (sn: string, all: boolean, pick?: number) => {
    // docs/requirements/results.md#screen: the search does nothing for an empty term
    if (sn !== '') setAsked({ sn, all, pick });
  };
}
