import type { ActionInfo, Calibration, ParamKind, Step } from '@sweepline/domain';
import { createContext, useContext } from 'react';

/** What every editor of the form shares: the step's place in its test and the shown errors. */
export interface ParamFormEnv {
  readOnly: boolean;
  action: ActionInfo;
  kind: ParamKind;
  /** The steps of the test, in order, and the edited step's position among them. */
  steps: readonly Step[];
  index: number;
  cals: readonly Calibration[];
  /** The message shown under the field at this wire path ('channelArray[0].div'), if any. */
  errorOf: (path: string) => string | undefined;
  /** True when a field under this path prefix has a message ('channelArray[1].'). */
  hasErrorsUnder: (prefix: string) => boolean;
  onSetUpCalibrations: () => void;
}

export const ParamFormContext = createContext<ParamFormEnv | null>(null);

export function useParamForm(): ParamFormEnv {
  const env = useContext(ParamFormContext);
  if (!env) throw new Error('useParamForm outside StepParamsForm');
  return env;
}
