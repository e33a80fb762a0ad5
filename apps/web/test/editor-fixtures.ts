/**
 * The Products screen's data for component tests: two products as GET /user/edit answers them,
 * and helpers that record what the screen sends.
 */
import {
  ActionId,
  defaultParam,
  InstrumentId,
  type EditorProduct,
  type EditorSeq,
  type EditorStep,
  type StepParam,
} from '@sweepline/domain';
import { http, type JsonBodyType } from 'msw';
import { ok, path, server } from './server';

const AUDIT = {
  createUserName: 'Erin',
  createTime: '2025-11-23T09:12:03.114Z',
  updateUserName: 'Frank',
  updateTime: '2025-11-23T09:40:51.002Z',
};

export function step(id: number, name: string, errors: string[] = []): EditorStep {
  return {
    id,
    name,
    isDefaultName: false,
    instrumentId: InstrumentId.Common,
    actionId: ActionId.Delay,
    param: defaultParam(ActionId.Delay) as StepParam,
    isCompleted: errors.length === 0,
    errors,
  };
}

export function seq(
  id: number,
  name: string,
  stageNo: number,
  testNo: number,
  steps: EditorStep[],
): EditorSeq {
  return {
    id,
    name,
    stageNo,
    testNo,
    isCompleted: steps.length > 0 && steps.every((s) => s.isCompleted),
    steps,
    cals: [],
    ...AUDIT,
  };
}

export const PASS_BAND = seq(11, 'Pass band', 1, 1, [
  step(101, 'Prompt A'),
  step(102, 'Delay B', [
    'Start frequency: Enter a number',
    'Stop frequency: Enter a number',
    'S parameter: Choose an S parameter',
  ]),
  step(103, 'Delay C'),
  step(104, 'Delay D'),
  step(105, 'Delay E'),
]);
export const STOP_BAND = seq(12, 'Stop band', 1, 2, []);
export const ALPHA: EditorProduct = {
  id: 1,
  name: 'Alpha',
  model: 'A-1',
  info: 'first',
  ...AUDIT,
  seqs: [PASS_BAND, STOP_BAND],
};
export const BETA: EditorProduct = {
  id: 2,
  name: 'beta',
  model: '',
  info: '',
  ...AUDIT,
  seqs: [seq(21, 'Only', 2, 1, [step(201, 'Beta step')])],
};
export const PRODUCTS = [ALPHA, BETA];

/** GET /user/edit answering `products`; returns the number of loads so far. */
export function serveEditor(products: EditorProduct[] = PRODUCTS) {
  const loads = { count: 0 };
  server.use(
    http.get(path('/user/edit'), () => {
      loads.count++;
      return ok(products as unknown as JsonBodyType);
    }),
  );
  return loads;
}

export interface Sent {
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

/** A writing call that answers `reply` (or what `reply` makes of the body) and records each request. */
export function record(
  method: 'post' | 'put' | 'delete',
  url: string,
  reply: unknown | ((body: never, params: Record<string, unknown>) => unknown),
  sent: Sent[] = [],
) {
  server.use(
    http[method](path(url), async ({ request, params }) => {
      const text = await request.text();
      const body = text ? JSON.parse(text) : undefined;
      sent.push({ url, params, body });
      const data =
        typeof reply === 'function' ? (reply as (b: unknown, p: unknown) => unknown)(body, params) : reply;
      return ok(data as JsonBodyType);
    }),
  );
  return sent;
}

/** A test with its steps in `ids` order (what a step call answers). */
export function withSteps(base: EditorSeq, steps: EditorStep[]): EditorSeq {
  return { ...base, steps, isCompleted: steps.length > 0 && steps.every((s) => s.isCompleted) };
}
