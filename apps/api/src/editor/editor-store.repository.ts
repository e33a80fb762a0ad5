import { Injectable } from '@nestjs/common';
import {
  type AuditChange,
  auditChanges,
  type AuditThing,
  Calibration,
  NotFound,
  recomputeSeq,
  Refused,
  Seq,
  SeqNumbers,
  StageTest,
  Step,
  testContentChanges,
} from '@sweepline/domain';
import { AuditTrail } from '../audit/audit-trail';
import { AccountCtx } from '../auth/auth-context';
import { Db } from '../database/transaction';
import { orConflict } from '../common/refusals';
import { EDITOR_LIMITS, EDITOR_MSG } from './editor-messages';
import { STEP_RECORD, stepChanges } from './step-changes';
import {
  PRODUCT_COLUMNS,
  ProductInput,
  ProductRow,
  SEQ_COLUMNS,
  seqOf,
  SeqRow,
  STEP_COLUMNS,
  stepOf,
  StepRow,
} from './wire';

/**
 * What a change of a test's content is in the audit trail: its thing and verb, the thing's id
 * when it is not the test's (a step's), and changes beyond the content's own (a new name).
 */
export interface ContentAudit {
  thing: AuditThing;
  action: string;
  thingId?: number | string;
  changes?: AuditChange[];
}

const PRODUCT_FIELDS = ['name', 'model', 'info'] as const;

/** A test's place as the trail shows it. */
type Numbers = { stageNo: number; testNo: number };

/** A test as it was read for a change: its row and its steps in order. */
export interface LoadedSeq {
  row: SeqRow;
  steps: Step[];
}

/**
 * The end of commit's statement: the test's new state, version + 1, and who changed it and its
 * product ($1 the test, $6 isCompleted, $7 the calibrations or null, $8 the caller's name).
 */
const TOUCH = `s AS (
    UPDATE seq SET is_completed = $6, cals = COALESCE($7::jsonb, cals), version = version + 1,
           update_user_name = $8, update_time = now()
     WHERE id = $1
     RETURNING ${SEQ_COLUMNS}
  ), p AS (
    UPDATE product SET update_user_name = $8, update_time = now() WHERE id = (SELECT product_id FROM s)
  )
  SELECT * FROM s`;

/** A test's steps in order, as one json column of step rows (read with the test's row). */
const STEPS_OF_SEQ = `(SELECT coalesce(json_agg(st ORDER BY st.position), '[]')
    FROM (SELECT ${STEP_COLUMNS}, position FROM step WHERE step.seq_id = seq.id) st) AS steps`;

type SeqWithSteps = SeqRow & { steps: StepRow[] };

function loadedOf({ steps, ...row }: SeqWithSteps): LoadedSeq {
  return { row, steps: steps.map(stepOf) };
}

/**
 * The one writer of the editor's tables (product, seq, step): every change records who made it
 * and touches the product row, whose editor_version is GET /user/edit's mark, so keeping every
 * write here keeps that mark moving with every change. It reads a test for a change and writes
 * the result back in a few statements: every change of a test's steps or calibrations goes
 * through commit(), which recomputes the test with the domain and writes only the rows that
 * changed. A request runs a handful of queries, whatever the number of steps. Callers hold the
 * product's lock (EditorRepository.lockProduct or load()). Being the one writer, it records
 * every change in the audit trail (docs/audit.md), on the request's transaction.
 */
@Injectable()
export class EditorStore {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * The live test of a live product of the account. Every editor write locks the product row
   * first, so changes of one product run one after another and never deadlock; the test is read
   * after the lock, so it is what the previous change left.
   */
  async load(acct: AccountCtx, seqId: number): Promise<LoadedSeq> {
    const [locked] = await this.db.prepared<{ id: number }>(
      'editor-lock-seq',
      `SELECT s.id FROM seq s JOIN product p ON p.id = s.product_id
        WHERE s.id = $1 AND s.account_id = $2 AND s.deleted_at IS NULL AND p.deleted_at IS NULL
        FOR UPDATE OF p`,
      [seqId, acct.accountId],
    );
    if (!locked) throw new NotFound('Test');
    return this.read(seqId);
  }

  /** The test of a step of the account, loaded as load() does, and the step's place in it. */
  async loadByStep(acct: AccountCtx, stepId: number): Promise<LoadedSeq & { index: number }> {
    const [locked] = await this.db.prepared<{ id: number }>(
      'editor-lock-by-step',
      `SELECT s.id FROM seq s JOIN product p ON p.id = s.product_id
        WHERE s.id = (SELECT seq_id FROM step WHERE id = $1 AND account_id = $2)
          AND s.deleted_at IS NULL AND p.deleted_at IS NULL
        FOR UPDATE OF p`,
      [stepId, acct.accountId],
    );
    if (!locked) throw new NotFound('Step');
    const loaded = await this.read(locked.id, 'Step');
    const index = loaded.steps.findIndex((step) => step.id === stepId);
    if (index < 0) throw new NotFound('Step');
    return { ...loaded, index };
  }

  /**
   * A live test of the account read without a lock: the source of a copy, which may sit in
   * another product (taking a second product's lock could deadlock two crossed copies).
   */
  async readLive(acct: AccountCtx, seqId: number): Promise<LoadedSeq> {
    const [row] = await this.db.query<SeqWithSteps>(
      `SELECT ${SEQ_COLUMNS}, ${STEPS_OF_SEQ} FROM seq
        WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL
          AND product_id IN (SELECT id FROM product WHERE account_id = $2 AND deleted_at IS NULL)`,
      [seqId, acct.accountId],
    );
    if (!row) throw new NotFound('Test');
    return loadedOf(row);
  }

  /** The test and its steps in one statement (one snapshot, one round trip), after the lock. */
  private async read(seqId: number, what = 'Test'): Promise<LoadedSeq> {
    const [row] = await this.db.prepared<SeqWithSteps>(
      'editor-read-seq',
      `SELECT ${SEQ_COLUMNS}, ${STEPS_OF_SEQ} FROM seq WHERE id = $1 AND deleted_at IS NULL`,
      [seqId],
    );
    if (!row) throw new NotFound(what);
    return loadedOf(row);
  }

  async steps(seqId: number): Promise<Step[]> {
    const rows = await this.db.query<StepRow>(
      `SELECT ${STEP_COLUMNS} FROM step WHERE seq_id = $1 ORDER BY position`,
      [seqId],
    );
    return rows.map(stepOf);
  }

  /** Ids for steps about to be added, so references between them can be set before the write. */
  async newStepIds(count: number): Promise<number[]> {
    if (count === 0) return [];
    const rows = await this.db.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('step', 'id'))::int AS id FROM generate_series(1, $1)`,
      [count],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Writes `steps` (in their new order) and `cals` as the test's content: recomputed with the
   * domain, removed steps deleted, new ones inserted, changed ones updated; the test's version
   * goes up and the test and its product record who changed them (issue 4). The audit trail gets
   * one row with the content's changes, unless nothing a person sets changed.
   */
  async commit(
    acct: AccountCtx,
    loaded: LoadedSeq,
    steps: Step[],
    cals: Calibration[] | undefined,
    audit: ContentAudit,
  ): Promise<Seq> {
    if (steps.length > EDITOR_LIMITS.stepsPerTest) throw new Refused(EDITOR_MSG.tooManySteps);
    const seqId = loaded.row.id;
    const seq = recomputeSeq({ ...seqOf(loaded.row, steps), cals: cals ?? loaded.row.cals });
    const { removed, added, changed } = stepChanges(loaded.steps, seq.steps);
    const changes = [
      ...(audit.changes ?? []),
      ...testContentChanges({ steps: loaded.steps, cals: loaded.row.cals }, seq),
    ];
    // the audit row goes in the same statement (its parameters after the commit's eight)
    const auditRow =
      changes.length === 0
        ? undefined
        : this.audit.inStatement(
            acct,
            {
              thing: audit.thing,
              thingId: audit.thingId ?? seqId,
              productId: loaded.row.product_id,
              seqId,
              action: audit.action,
              changes,
            },
            9,
          );
    // one statement: a request costs a few round trips, whatever the change; it and the reads
    // above are prepared once per pooled connection, as every editor save runs them (docs/performance.md)
    const [row] = await this.db.prepared<SeqRow>(
      auditRow ? 'editor-commit-audited' : 'editor-commit',
      `WITH removed AS (
         DELETE FROM step WHERE seq_id = $1 AND id = ANY($2::int[])
       ), added AS (
         INSERT INTO step (id, account_id, seq_id, position, name, is_default_name, instrument_id, action_id,
                           param, is_completed, errors)
         SELECT x.id, $3, $1, x.position, x.name, x.is_default_name, x.instrument_id, x.action_id, x.param,
                x.is_completed, x.errors
           FROM jsonb_to_recordset($4::jsonb) AS ${STEP_RECORD}
       ), changed AS (
         UPDATE step SET position = x.position, name = x.name, is_default_name = x.is_default_name,
                instrument_id = x.instrument_id, action_id = x.action_id, param = x.param,
                is_completed = x.is_completed, errors = x.errors
           FROM jsonb_to_recordset($5::jsonb) AS ${STEP_RECORD}
          WHERE step.id = x.id AND step.seq_id = $1
       ), ${auditRow ? `${auditRow.ctes}, ` : ''}${TOUCH}`,
      [
        seqId,
        removed,
        acct.accountId,
        JSON.stringify(added),
        JSON.stringify(changed),
        seq.isCompleted,
        cals ? JSON.stringify(cals) : null,
        acct.userName,
        ...(auditRow?.params ?? []),
      ],
    );
    return seqOf(row!, seq.steps);
  }

  /** A new product, or a Conflict when another request took its name at the same moment. */
  async insertProduct(acct: AccountCtx, input: ProductInput): Promise<ProductRow> {
    const [row] = await orConflict(
      () =>
        this.db.query<ProductRow>(
          `INSERT INTO product (account_id, name, model, info, create_user_name, update_user_name)
           VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${PRODUCT_COLUMNS}`,
          [acct.accountId, input.name, input.model, input.info, acct.userName],
        ),
      EDITOR_MSG.productExists(input.name),
    );
    const changes = auditChanges({}, input, PRODUCT_FIELDS);
    await this.audit.record(acct, {
      thing: 'product',
      thingId: row!.id,
      productId: row!.id,
      action: 'create',
      changes,
    });
    return row!;
  }

  /** Writes the product's fields; `restore` also brings a deleted product back. */
  async updateProduct(
    acct: AccountCtx,
    productId: number,
    input: ProductInput,
    restore = false,
  ): Promise<void> {
    // the FROM's row is the product before this statement: the trail's old values
    const [old] = await orConflict(
      () =>
        this.db.query<ProductInput>(
          `UPDATE product SET name = $2, model = $3, info = $4, update_user_name = $5, update_time = now()
                  ${restore ? ', deleted_at = NULL' : ''}
             FROM product AS old
            WHERE product.id = $1 AND old.id = $1
            RETURNING old.name, old.model, old.info`,
          [productId, input.name, input.model, input.info, acct.userName],
        ),
      EDITOR_MSG.productExists(input.name),
    );
    const changes = auditChanges(old!, input, PRODUCT_FIELDS);
    if (!restore && changes.length === 0) return;
    await this.audit.record(acct, {
      thing: 'product',
      thingId: productId,
      productId,
      action: restore ? 'restore' : 'update',
      changes,
    });
  }

  /** Soft delete: the product and its tests are hidden until a product of that name is added. */
  async deleteProduct(acct: AccountCtx, productId: number): Promise<void> {
    await this.db.query(
      `UPDATE product SET deleted_at = now(), update_user_name = $2, update_time = now() WHERE id = $1`,
      [productId, acct.userName],
    );
    await this.audit.record(acct, {
      thing: 'product',
      thingId: productId,
      productId,
      action: 'delete',
      changes: [],
    });
  }

  /** Records who changed the product's tests, and moves the mark (see the class). */
  async touchProduct(acct: AccountCtx, productId: number): Promise<void> {
    await this.db.query(
      `UPDATE product SET update_user_name = $3, update_time = now() WHERE id = $1 AND account_id = $2`,
      [productId, acct.accountId, acct.userName],
    );
  }

  /**
   * A new test, or a Conflict when another request took its name at the same moment. `action` is
   * the trail's verb: a test made by a copy or an import says so.
   */
  async insertSeq(
    acct: AccountCtx,
    productId: number,
    name: string,
    numbers: StageTest,
    cals: Calibration[] = [],
    action = 'create',
  ): Promise<SeqRow> {
    const [row] = await orConflict(
      () =>
        this.db.query<SeqRow>(
          `INSERT INTO seq (account_id, product_id, name, stage_no, test_no, cals, create_user_name, update_user_name)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $7) RETURNING ${SEQ_COLUMNS}`,
          [
            acct.accountId,
            productId,
            name,
            numbers.stageNo,
            numbers.testNo,
            JSON.stringify(cals),
            acct.userName,
          ],
        ),
      EDITOR_MSG.testExists(name),
    );
    const created = {
      name,
      stageNo: numbers.stageNo,
      testNo: numbers.testNo,
      cals: cals.length > 0 ? cals : null,
    };
    await this.audit.record(acct, {
      thing: 'test',
      thingId: row!.id,
      productId,
      seqId: row!.id,
      action,
      changes: auditChanges({}, created),
    });
    return row!;
  }

  /** A deleted test back, under the name as now typed and at its new place, its steps as they were. */
  async restoreSeq(acct: AccountCtx, seqId: number, name: string, numbers: StageTest): Promise<void> {
    const [old] = await this.db.query<Numbers & { name: string; productId: number }>(
      `UPDATE seq SET deleted_at = NULL, name = $2, stage_no = $3, test_no = $4, version = seq.version + 1,
              update_user_name = $5, update_time = now()
         FROM seq AS old
        WHERE seq.id = $1 AND old.id = $1
        RETURNING old.name, old.stage_no AS "stageNo", old.test_no AS "testNo", old.product_id AS "productId"`,
      [seqId, name, numbers.stageNo, numbers.testNo, acct.userName],
    );
    await this.audit.record(acct, {
      thing: 'test',
      thingId: seqId,
      productId: old!.productId,
      seqId,
      action: 'restore',
      changes: auditChanges(
        { name: old!.name, stageNo: old!.stageNo, testNo: old!.testNo },
        { name, stageNo: numbers.stageNo, testNo: numbers.testNo },
      ),
    });
  }

  /** The name alone: the commit() that follows records the change. */
  async renameSeq(seqId: number, name: string): Promise<void> {
    await orConflict(
      () => this.db.query('UPDATE seq SET name = $2 WHERE id = $1', [seqId, name]),
      EDITOR_MSG.testExists(name),
    );
  }

  async deleteSeq(acct: AccountCtx, seqId: number): Promise<void> {
    const [row] = await this.db.query<{ product_id: number }>(
      `UPDATE seq SET deleted_at = now(), version = version + 1, update_user_name = $2, update_time = now()
        WHERE id = $1 RETURNING product_id`,
      [seqId, acct.userName],
    );
    await this.audit.record(acct, {
      thing: 'test',
      thingId: seqId,
      productId: row!.product_id,
      seqId,
      action: 'delete',
      changes: [],
    });
  }

  /**
   * New stage-test numbers of tests, all in one statement; each changed test counts as changed.
   * The trail gets one process-control row per product with each test's old and new place;
   * `action` says why they moved ('update' in the dialog, 'shift' to make room, 'import').
   */
  async writeNumbers(acct: AccountCtx, changes: readonly SeqNumbers[], action = 'update'): Promise<void> {
    if (changes.length === 0) return;
    const moved = await this.db.query<{ id: number; product_id: number; from: Numbers; to: Numbers }>(
      `UPDATE seq SET stage_no = x."stageNo", test_no = x."testNo", version = seq.version + 1,
              update_user_name = $2, update_time = now()
         FROM jsonb_to_recordset($3::jsonb) AS x(id int, "stageNo" int, "testNo" int), seq AS old
        WHERE seq.id = x.id AND seq.account_id = $1 AND old.id = x.id
        RETURNING seq.id, seq.product_id,
                  json_build_object('stageNo', old.stage_no, 'testNo', old.test_no) AS "from",
                  json_build_object('stageNo', x."stageNo", 'testNo', x."testNo") AS "to"`,
      [acct.accountId, acct.userName, JSON.stringify(changes)],
    );
    const byProduct = new Map<number, AuditChange[]>();
    for (const m of moved.sort((a, b) => a.id - b.id)) {
      if (m.from.stageNo === m.to.stageNo && m.from.testNo === m.to.testNo) continue;
      const list = byProduct.get(m.product_id) ?? [];
      list.push({ field: `tests.${m.id}`, from: m.from, to: m.to });
      byProduct.set(m.product_id, list);
    }
    for (const [productId, list] of byProduct) {
      await this.audit.record(acct, {
        thing: 'process_control',
        thingId: productId,
        productId,
        action,
        changes: list,
      });
    }
  }
}
