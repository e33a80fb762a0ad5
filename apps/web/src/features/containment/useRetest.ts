import type { RetestBody } from '@sweepline/domain';
import { useState } from 'react';
import { reportFailure } from '../../app/api-client';
import { containmentApi } from './containment.api';

/**
 * POST /containment/retest: the chosen units back to a stage. `onSent` gets the number the
 * server moved; a refusal is kept in `error` for the screen to show.
 */
export function useRetest(onSent: (moved: number, stageNo: number) => void) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const send = async (body: RetestBody) => {
    setSending(true);
    setError(undefined);
    try {
      const { moved } = await containmentApi.retest(body);
      onSent(moved, body.stage_no);
    } catch (failure) {
      reportFailure(failure, setError);
    } finally {
      setSending(false);
    }
  };
  return { sending, error, send, clearError: () => setError(undefined) };
}
