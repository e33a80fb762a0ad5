/**
 * The seed's products, tests and steps: built with the domain exactly as the editor would save
 * them (default names, titles that follow them, completeness), then inserted in a few
 * statements. A seed test that is not complete is a bug of the catalogue: it throws.
 */
import type { ActionId, Calibration, Seq, Step } from '@sweepline/domain';
import {
  applyDefaultName,
  getAction,
  isTransmission,
  NO_ID,
  sParamChoices,
  withCompleteness,
} from '@sweepline/domain';
import { CAL, completeParam } from '@sweepline/domain/src/testing/step-fixtures';
import type { Client } from 'pg';
import type { ProductSpec, StepSpec, TestSpec } from './catalogue';

export interface BuiltTest {
  id: number;
  productIndex: number;
  spec: TestSpec;
  steps: Step[];
}

export interface BuiltProduct {
  id: number;
  spec: ProductSpec;
  tests: BuiltTest[];
}

/** A test's calibration: its own, else the fixture's 2-port calibration of ports 1-2. */
export const calibrationOf = (test: TestSpec): Calibration => test.calibration ?? CAL;

/**
 * The S parameter a demo step measures: its transmission forward, S21 (port 1 to port 2, as a
 * datasheet gives insertion loss), where its calibration offers it; reflection as the fixture has it.
 */
function demoSParam(action: ActionId, sParam: string, cal: Calibration): string {
  const forward = 'S21';
  return isTransmission(sParam) && sParamChoices(action, cal).includes(forward) ? forward : sParam;
}

function paramOf(
  spec: StepSpec,
  product: ProductSpec,
  ids: readonly number[],
  cal: Calibration,
): Step['param'] {
  const param = { ...completeParam(spec.action, product.fill), ...spec.param } as Record<string, unknown>;
  if (typeof param['sParam'] === 'string') param['sParam'] = demoSParam(spec.action, param['sParam'], cal);
  const action = getAction(spec.action);
  if ('bindStepId' in param) param['bindStepId'] = spec.bind === undefined ? NO_ID : ids[spec.bind]!;
  if (spec.diff) Object.assign(param, { stepId1: ids[spec.diff[0]], stepId2: ids[spec.diff[1]] });
  // a custom-named step keeps its own title (titles follow default names only)
  if (spec.name && action.paramKind !== 'align' && param['title'] === '') param['title'] = spec.name;
  return param as unknown as Step['param'];
}

/** One test's steps with their final names, titles and completeness, as the editor saves them. */
export function buildSteps(test: TestSpec, product: ProductSpec, ids: readonly number[]): Step[] {
  const cal = calibrationOf(test);
  const raw = test.steps.map((spec, i): Step => ({
    id: ids[i]!,
    name: spec.name ?? '',
    isDefaultName: spec.name === undefined,
    instrumentId: getAction(spec.action).instrumentId,
    actionId: spec.action,
    param: paramOf(spec, product, ids, cal),
    isCompleted: false,
    errors: [],
  }));
  const numbers = new Map(raw.map((step, i) => [step.id, i + 1]));
  const context = { stepNumberOf: (id: number) => numbers.get(id) };
  const seq: Seq = {
    id: 0,
    name: test.name,
    stageNo: test.stage,
    testNo: test.test,
    isCompleted: false,
    steps: raw.map((step) => applyDefaultName(step, context).step),
    cals: [cal],
    createUserName: '',
    createTime: '',
    updateUserName: '',
    updateTime: '',
  };
  const done = withCompleteness(seq);
  const broken = done.steps.find((step) => !step.isCompleted);
  if (broken) throw new Error(`Seed test ${test.name}: step ${broken.name}: ${broken.errors.join('; ')}`);
  return done.steps;
}

async function reserveStepIds(db: Client, count: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence('step', 'id'))::int AS id FROM generate_series(1, $1::int)`,
    [count],
  );
  return rows.map((r) => r.id);
}

/** Inserts the products with their tests and steps; every test is complete, version 1. */
export async function insertProducts(
  db: Client,
  accountId: number,
  specs: readonly ProductSpec[],
  who: string,
  createdAt: Date,
): Promise<BuiltProduct[]> {
  const products: BuiltProduct[] = [];
  const stepRows: unknown[] = [];
  for (const [productIndex, spec] of specs.entries()) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO product (account_id, name, model, info, create_user_name, create_time, update_user_name, update_time)
       VALUES ($1, $2, $3, $4, $5, $6, $5, $6) RETURNING id`,
      [accountId, spec.name, spec.model, spec.info, who, createdAt],
    );
    const product: BuiltProduct = { id: rows[0]!.id, spec, tests: [] };
    for (const test of spec.tests) {
      const steps = buildSteps(test, spec, await reserveStepIds(db, test.steps.length));
      const { rows: seqRows } = await db.query<{ id: number }>(
        `INSERT INTO seq (account_id, product_id, name, stage_no, test_no, is_completed, cals,
                          create_user_name, create_time, update_user_name, update_time)
         VALUES ($1, $2, $3, $4, $5, true, $6::jsonb, $7, $8, $7, $8) RETURNING id`,
        [
          accountId,
          product.id,
          test.name,
          test.stage,
          test.test,
          JSON.stringify([calibrationOf(test)]),
          who,
          createdAt,
        ],
      );
      const seqId = seqRows[0]!.id;
      product.tests.push({ id: seqId, productIndex, spec: test, steps });
      steps.forEach((s, position) =>
        stepRows.push({ ...s, seq_id: seqId, position, param: s.param, errors: s.errors }),
      );
    }
    products.push(product);
  }
  await db.query(
    `INSERT INTO step (id, account_id, seq_id, position, name, is_default_name, instrument_id, action_id,
                       param, is_completed, errors)
     SELECT x.id, $1, x.seq_id, x.position, x.name, x."isDefaultName", x."instrumentId", x."actionId",
            x.param, x."isCompleted", x.errors
       FROM jsonb_to_recordset($2::jsonb) AS x(id int, seq_id int, position int, name text,
            "isDefaultName" boolean, "instrumentId" smallint, "actionId" smallint, param jsonb,
            "isCompleted" boolean, errors jsonb)`,
    [accountId, JSON.stringify(stepRows)],
  );
  return products;
}

/** Every action id used by the specs (the demo uses them all: the seed test checks it). */
export function actionsUsed(specs: readonly ProductSpec[]): Set<ActionId> {
  return new Set(specs.flatMap((p) => p.tests.flatMap((t) => t.steps.map((s) => s.action))));
}
