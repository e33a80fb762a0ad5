import type { ActionId, Calibration, InstrumentId, Product, Seq, Step, StepParam } from '@sweepline/domain';

/**
 * Rows as the editor's SQL reads them, and the entity shapes of docs/requirements/step-parameters.md that the calls
 * answer with (camelCase fields, times as ISO strings).
 */
interface AuditRow {
  create_user_name: string;
  create_time: Date;
  update_user_name: string;
  update_time: Date;
}

export interface ProductRow extends AuditRow {
  id: number;
  name: string;
  model: string;
  info: string;
}

export interface SeqRow extends AuditRow {
  id: number;
  product_id: number;
  name: string;
  stage_no: number;
  test_no: number;
  is_completed: boolean;
  cals: Calibration[];
}

export interface StepRow {
  id: number;
  seq_id: number;
  name: string;
  is_default_name: boolean;
  instrument_id: number;
  action_id: number;
  param: StepParam;
  is_completed: boolean;
  errors: string[];
}

const AUDIT_COLUMNS = 'create_user_name, create_time, update_user_name, update_time';
/** The product (or test) of a name in its scope, live or deleted: names are unique among both. */
export interface SameName {
  id: number;
  deleted: boolean;
}

/** A product's dialog fields, trimmed. */
export interface ProductInput {
  name: string;
  model: string;
  info: string;
}

export const PRODUCT_COLUMNS = `id, name, model, info, ${AUDIT_COLUMNS}`;
export const SEQ_COLUMNS = `id, product_id, name, stage_no, test_no, is_completed, cals, ${AUDIT_COLUMNS}`;
export const STEP_COLUMNS =
  'id, seq_id, name, is_default_name, instrument_id, action_id, param, is_completed, errors';

function audit(row: AuditRow) {
  return {
    createUserName: row.create_user_name,
    createTime: row.create_time.toISOString(),
    updateUserName: row.update_user_name,
    updateTime: row.update_time.toISOString(),
  };
}

export function stepOf(row: StepRow): Step {
  return {
    id: row.id,
    name: row.name,
    isDefaultName: row.is_default_name,
    instrumentId: row.instrument_id as InstrumentId,
    actionId: row.action_id as ActionId,
    param: row.param,
    isCompleted: row.is_completed,
    errors: row.errors,
  };
}

export function seqOf(row: SeqRow, steps: Step[]): Seq {
  return {
    id: row.id,
    name: row.name,
    stageNo: row.stage_no,
    testNo: row.test_no,
    isCompleted: row.is_completed,
    steps,
    cals: row.cals,
    ...audit(row),
  };
}

export function productOf(row: ProductRow, seqs: Seq[]): Product {
  return { id: row.id, name: row.name, model: row.model, info: row.info, ...audit(row), seqs };
}

/** Steps grouped by test, each group in the order the rows came (the queries sort by position). */
export function stepsBySeq(rows: readonly StepRow[]): Map<number, Step[]> {
  const bySeq = new Map<number, Step[]>();
  for (const row of rows) {
    const list = bySeq.get(row.seq_id);
    if (list) list.push(stepOf(row));
    else bySeq.set(row.seq_id, [stepOf(row)]);
  }
  return bySeq;
}
