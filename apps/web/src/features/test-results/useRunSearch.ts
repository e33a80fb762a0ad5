import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { takeBootCall } from '../../app/boot-calls';
import { useServerData } from '../../app/useServerData';
import { useTakeAnswer } from '../../app/useTakeAnswer';
import { runsQuery, testResultsApi } from './test-results.api';
import { trReportsAtom, trRunIdAtom } from './test-results.atoms';

interface RunSearch {
  sn: string;
  all: boolean;
  /** The run to select (a link's), else the first. */
  pick?: number;
}

/**
 * The runs of a serial number (docs/requirements/serial-numbers.md#screen, docs/requirements/serial-numbers.md#add-dialog) in every product that holds it (docs/web.md,
 * "Test Results"): each search asks again, even for the same term, and selects the first run of
 * the product tested last (or the linked run); a refusal leaves what was shown.
 */
export function useRunSearch(onError: (message: string) => void) {
  const [asked, setAsked] = useState<RunSearch>();
  const setReports = useSetAtom(trReportsAtom);
  const setRunId = useSetAtom(trRunIdAtom);
  const found = useServerData(
    ['test-results/runs', asked],
    asked &&
      (() => {
        const query = runsQuery(asked.sn, asked.all);
        // a link's runs may have been asked as the app booted (issue 43)
        return takeBootCall('test-results/runs', () => testResultsApi.bySn(query), query);
      }),
    { onError, keepDataOnError: true },
  ).data;
  useTakeAnswer(found, (answer) => {
    const runs = answer.flatMap((product) => product.reports);
    setReports(answer);
    setRunId(runs.find((r) => r.runId === asked?.pick)?.runId ?? runs[0]?.runId);
  });

  return (sn: string, all: boolean, pick?: number) => {
    // docs/requirements/results.md#screen: the search does nothing for an empty term
    if (sn !== '') setAsked({ sn, all, pick });
  };
}
