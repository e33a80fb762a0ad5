import type { FreezeLimitsBody, FrozenLimits, SpcAlarm } from '@sweepline/domain';
import { useState } from 'react';
import { reportFailure } from '../../app/api-client';
import { invalidateServerData } from '../../app/server-data-reloads';
import { useServerData } from '../../app/useServerData';
import type { AppliedPick } from '../measurements/applied-pick';
import { CONTROL_CHART_DATA } from '../measurements/useMeasurementData';
import { spcApi } from './spc.api';

/**
 * A charted step's production SPC (issue 41): its frozen limits (null while they are computed from
 * the range on screen), its open alarm, and freezing from the range applied. The open alarm is
 * the step's among the test's open alarms (a step has at most one open; a test's open alarms are
 * few, the first page holds them).
 */
export function useStepSpc(applied: AppliedPick | undefined) {
  const subject = applied && { seqId: applied.seqId, step: applied.step };
  const limits = useServerData(
    ['spc/limits', subject?.seqId, subject?.step],
    subject && (() => spcApi.limits(subject.seqId, subject.step)),
  );
  const alarms = useServerData(
    ['spc/alarms', 'open', subject?.seqId],
    subject && (() => spcApi.alarms({ seq_id: subject.seqId, state: 'open' })),
  );
  const [freezing, setFreezing] = useState(false);
  const [freezeError, setFreezeError] = useState<string>();

  /** Freezes the step's limits from the range applied; false when refused (the message in freezeError). */
  const freeze = async (): Promise<boolean> => {
    if (!applied) return false;
    setFreezing(true);
    setFreezeError(undefined);
    try {
      const frozen = await spcApi.freeze(freezeBody(applied));
      limits.setData(() => ({ limits: frozen }));
      // the chart's rule points are judged against the frozen limits from now on: ask again
      invalidateServerData(CONTROL_CHART_DATA);
      return true;
    } catch (error) {
      reportFailure(error, setFreezeError);
      return false;
    } finally {
      setFreezing(false);
    }
  };

  const frozen: FrozenLimits | null | undefined = limits.data?.limits;
  const alarm: SpcAlarm | undefined = alarms.data?.alarms.find((a) => a.step === applied?.step);
  return { frozen, alarm, error: limits.error ?? alarms.error, freezing, freezeError, freeze };
}

export type StepSpc = ReturnType<typeof useStepSpc>;

/** The range applied as the freeze's body: the analytics' own query, in texts as a query has it. */
function freezeBody(applied: AppliedPick): FreezeLimitsBody {
  const range = Object.fromEntries(Object.entries(applied.query).map(([k, v]) => [k, String(v)]));
  return { ...range, seq_id: String(applied.seqId), step: applied.step } as FreezeLimitsBody;
}
