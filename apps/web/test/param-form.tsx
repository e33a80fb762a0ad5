/**
 * The Step Parameters form and the calibrations dialog alone, as the Products screen holds them:
 * each edit's param becomes the step's param, and the calls to the screen are recorded.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActionId } from '@sweepline/domain';
import {
  defaultCalibration,
  defaultParam,
  getAction,
  type EditorCal,
  type EditorSeq,
  type EditorStep,
  type StepParam,
} from '@sweepline/domain';
import { createStore } from 'jotai';
import { useState } from 'react';
import { AppProviders } from '../src/app/AppProviders';
import { StepParamsForm } from '../src/features/product/params/StepParamsForm';

/** A 2-port calibration 100-1000 MHz (id 1) and a Thru 1-2 from 500 to 600 MHz (id 2). */
export const CAL_2PORT: EditorCal = {
  ...defaultCalibration(1, 2, '1-2'),
  startFreq_MHz: 100,
  stopFreq_MHz: 1000,
};
export const CAL_THRU: EditorCal = {
  ...defaultCalibration(2, 5, '1-2'),
  startFreq_MHz: 500,
  stopFreq_MHz: 600,
};
export const CAL_4PORT: EditorCal = {
  ...defaultCalibration(3, 4, '1-2-3-4'),
  startFreq_MHz: 100,
  stopFreq_MHz: 3000,
};

let nextId = 100;

/** A step of the action with its default param, or with `param` laid over it. */
export function stepOf(
  actionId: ActionId,
  param: Partial<Record<string, unknown>> = {},
  name?: string,
): EditorStep {
  const action = getAction(actionId);
  return {
    id: nextId++,
    name: name ?? action.shortName,
    isDefaultName: true,
    instrumentId: action.instrumentId,
    actionId,
    param: { ...defaultParam(actionId), ...param } as StepParam,
    isCompleted: false,
    errors: [],
  };
}

export function seqOf(steps: EditorStep[], cals: EditorCal[] = [CAL_2PORT, CAL_THRU]): EditorSeq {
  return {
    id: 7,
    name: 'Pass band',
    stageNo: 1,
    testNo: 1,
    isCompleted: false,
    steps,
    cals,
    createUserName: 'Ann',
    createTime: '2026-11-25T00:00:00.000Z',
    updateUserName: 'Ann',
    updateTime: '2026-11-25T00:00:00.000Z',
  };
}

export interface FormOptions {
  /** The other steps of the test; the edited step comes after them unless it is among them. */
  before?: EditorStep[];
  cals?: EditorCal[];
  readOnly?: boolean;
  /** For tests on jest's fake timers (the input debounce). */
  advanceTimers?: (ms: number) => void;
}

/** Renders the form of `step`; `params` lists every param the form handed to the screen. */
export function renderParamForm(step: EditorStep, options: FormOptions = {}) {
  const params: Record<string, unknown>[] = [];
  const onSetUpCalibrations = jest.fn();
  const before = options.before ?? [];
  function Screen() {
    const [current, setCurrent] = useState(step);
    const seq = seqOf([...before.filter((s) => s.id !== step.id), current], options.cals);
    return (
      <StepParamsForm
        step={current}
        seq={seq}
        readOnly={options.readOnly ?? false}
        onChange={(param) => {
          params.push(param);
          setCurrent({ ...current, param });
        }}
        onSetUpCalibrations={onSetUpCalibrations}
      />
    );
  }
  render(
    <AppProviders store={createStore()} env="test">
      <Screen />
    </AppProviders>,
  );
  return {
    params,
    last: () => params[params.length - 1],
    onSetUpCalibrations,
    user: userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {}),
  };
}
