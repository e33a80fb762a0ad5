/**
 * A product with one test, made through the editor's calls as an editor would, for the end-to-end
 * tests of the runner and of the live floor: on the simulators' default devices (the filter on
 * ports 1-2 with its 885-915 MHz pass band, the cable on ports 3-4).
 */
import type { ActionId } from '@sweepline/domain';
import { defaultCalibration, defaultParam, getAction, type Calibration } from '@sweepline/domain';
import type { ApiCall } from './api-call';

export interface StepSpec {
  action: ActionId;
  name: string;
  /** Fields over the action's default param; `ids[n]` is the id of the n-th step (0-based). */
  param?: (ids: number[]) => Record<string, unknown>;
}

/** The simulated filter's pass band, through ports 1-2 (calibration 1). */
export const FILTER_PASS_BAND = {
  calId: 1,
  sParam: 'S21',
  startFreq_MHz: 885,
  stopFreq_MHz: 915,
  lower: null,
  upper: null,
};

export const FILTER_CAL: Calibration = {
  ...defaultCalibration(1, 2, '1-2'),
  startFreq_MHz: 800,
  stopFreq_MHz: 1000,
  freqPoints: 201,
};

export interface TestProduct {
  productId: number;
  productName: string;
  seqId: number;
}

/** A product `name` with one test "Final" of `specs` and its calibrations, and serial numbers `sns`. */
export async function makeTestProduct(
  call: ApiCall,
  name: string,
  specs: readonly StepSpec[],
  sns: readonly string[],
  cals: Calibration[] = [FILTER_CAL],
): Promise<TestProduct> {
  const product = await call<{ id: number }>('POST', '/product', { name });
  const seq = await call<{ id: number }>('POST', '/seq', {
    product_id: product.id,
    name: 'Final',
    current_seq_id: -1,
  });
  await call('POST', `/seq/cals/${seq.id}`, { cals });
  const ids: number[] = [];
  for (const spec of specs) {
    const test = await call<{ steps: { id: number }[] }>('POST', '/step', {
      seq_id: seq.id,
      instrument_id: getAction(spec.action).instrumentId,
      action_id: spec.action,
      is_default_name: false,
      name: spec.name,
      after_step_id: ids.length === 0 ? -1 : ids[ids.length - 1],
    });
    ids.push(Math.max(...test.steps.map((s) => s.id)));
  }
  // the params once every step has its id: a param may name another step
  for (const [i, spec] of specs.entries()) {
    const param = { ...(defaultParam(spec.action) as object), ...(spec.param?.(ids) ?? {}) };
    await call('PUT', `/step/param/${ids[i]}`, { param });
  }
  if (sns.length > 0) await call('POST', '/sn', { product_id: product.id, sn_array: sns });
  return { productId: product.id, productName: name, seqId: seq.id };
}
