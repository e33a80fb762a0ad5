import { useDebouncedValue } from '@mantine/hooks';
import { TIMES_MS, validateStepParam, type Step, type StepContext, type StepParam } from '@sweepline/domain';
import { useMemo } from 'react';

export interface ParamErrors {
  errorOf: (path: string) => string | undefined;
  hasErrorsUnder: (prefix: string) => boolean;
}

/**
 * The domain's messages for the draft param, by wire path, computed once typing pauses for the
 * spec's input debounce (200 ms): the form checks fields as typed without flickering per key.
 */
export function useParamErrors(step: Step, param: StepParam, ctx: StepContext): ParamErrors {
  const [settled] = useDebouncedValue(param, TIMES_MS.inputDebounce);
  return useMemo(() => {
    const messages = new Map<string, string>();
    for (const { field, message } of validateStepParam({ ...step, param: settled }, ctx)) {
      if (!messages.has(field)) messages.set(field, message);
    }
    const fields = [...messages.keys()];
    return {
      errorOf: (path) => messages.get(path),
      hasErrorsUnder: (prefix) => fields.some((field) => field.startsWith(prefix)),
    };
    // ctx is a new object on every render: depend on what it holds
  }, [step, settled, ctx.steps, ctx.index, ctx.cals]);
}
