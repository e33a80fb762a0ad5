import { useEffect, useState } from 'react';
import { reportFailure } from '../../app/api-client';

/**
 * An answer fetched whenever `key` changes (an Apply, a switch), with its loading state and the
 * refusal's message (a range without runs, a text step...), shown in place of the chart.
 */
export function useAnalysis<T>(load: (() => Promise<T>) | undefined, key: readonly unknown[]) {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!load) return;
    let live = true;
    setLoading(true);
    setError(undefined);
    load().then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setData(undefined);
        setLoading(false);
        reportFailure(failure, setError);
      },
    );
    return () => {
      live = false;
    };
  }, key);

  return { data, loading, error };
}
