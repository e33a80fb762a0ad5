/**
 * In-memory stand-ins for the editor's repositories, for service specs without a database. They
 * share one set of tables and answer as the SQL does (account scope, live rows, orders, the
 * refusals the repositories throw), so a spec states a rule of the service, not of the SQL: the
 * int-specs prove the SQL.
 */
import type { Calibration, Product, Seq, SeqNumbers, StageTest, Step } from '@sweepline/domain';
import { ActionId, defaultParam, InstrumentId, NotFound, recomputeSeq } from '@sweepline/domain';
import type { AccountCtx } from '../../auth/auth-context';
import type { EditorRepository } from '../editor.repository';
import type { EditorStore, LoadedSeq } from '../editor-store.repository';
import type { ProductsRepository } from '../products/products.repository';
import type { SeqsRepository } from '../seqs/seqs.repository';
import type { StepsRepository } from '../steps/steps.repository';
import type { ProductInput, ProductRow, SameName, SeqRow } from '../wire';
import { productOf, seqOf } from '../wire';

/** When every fake row was created: the specs read names and numbers, not times. */
const CREATED = new Date('2026-01-05T08:00:00.000Z');

interface Owned {
  accountId: number;
  deleted: boolean;
}

export type ProductRecord = ProductRow & Owned;
export type SeqRecord = SeqRow & Owned;

/** PostgreSQL's COLLATE "C" order, which the products' list uses. */
const codePointOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const byNumbers = (a: SeqRecord, b: SeqRecord) =>
  a.stage_no - b.stage_no || a.test_no - b.test_no || a.id - b.id;

/** The product, seq and step tables, with helpers that seed them. */
export class EditorTables {
  readonly products = new Map<number, ProductRecord>();
  readonly seqs = new Map<number, SeqRecord>();
  /** Each test's steps in order. */
  readonly steps = new Map<number, Step[]>();
  private lastId = 0;

  nextId(): number {
    return ++this.lastId;
  }

  addProduct(accountId: number, name: string, deleted = false): ProductRecord {
    const id = this.nextId();
    const row = { id, accountId, deleted, name, model: '', info: '', ...audit('Seeder') };
    this.products.set(id, row);
    return row;
  }

  addSeq(productId: number, name: string, numbers: StageTest, deleted = false): SeqRecord {
    const product = this.products.get(productId)!;
    const id = this.nextId();
    const row: SeqRecord = {
      id,
      accountId: product.accountId,
      deleted,
      product_id: productId,
      name,
      stage_no: numbers.stageNo,
      test_no: numbers.testNo,
      is_completed: false,
      cals: [],
      ...audit('Seeder'),
    };
    this.seqs.set(id, row);
    this.steps.set(id, []);
    return row;
  }

  /** A Prompt step with its default param, at the end of the test. */
  addStep(seqId: number, name: string): Step {
    const step: Step = {
      id: this.nextId(),
      name,
      isDefaultName: false,
      instrumentId: InstrumentId.Common,
      actionId: ActionId.Prompt,
      param: defaultParam(ActionId.Prompt),
      isCompleted: false,
      errors: [],
    };
    this.steps.get(seqId)!.push(step);
    return step;
  }

  /** A live product of the account, as the SQL's `account_id = $n AND deleted_at IS NULL`. */
  liveProduct(accountId: number, productId: number): ProductRecord | undefined {
    const row = this.products.get(productId);
    return row && row.accountId === accountId && !row.deleted ? row : undefined;
  }

  /** A live test of a live product of the account. */
  liveSeq(accountId: number, seqId: number): SeqRecord | undefined {
    const row = this.seqs.get(seqId);
    if (!row || row.accountId !== accountId || row.deleted) return undefined;
    return this.liveProduct(accountId, row.product_id) ? row : undefined;
  }

  liveSeqsOf(productId: number): SeqRecord[] {
    return [...this.seqs.values()].filter((s) => s.product_id === productId && !s.deleted).sort(byNumbers);
  }

  seqAnswer(row: SeqRecord): Seq {
    return seqOf(row, this.steps.get(row.id) ?? []);
  }
}

function audit(userName: string) {
  return {
    create_user_name: userName,
    create_time: CREATED,
    update_user_name: userName,
    update_time: CREATED,
  };
}

function loaded(tables: EditorTables, row: SeqRecord): LoadedSeq {
  return { row: { ...row }, steps: [...(tables.steps.get(row.id) ?? [])] };
}

type EditorReads = Pick<EditorRepository, 'lockProduct' | 'products' | 'product' | 'seq' | 'seqNumbers'>;

export class FakeEditorRepository implements EditorReads {
  constructor(private readonly tables: EditorTables) {}

  async lockProduct(acct: AccountCtx, productId: number): Promise<ProductRow> {
    const row = this.tables.liveProduct(acct.accountId, productId);
    if (!row) throw new NotFound('Product');
    return row;
  }

  async products(acct: AccountCtx, productId?: number): Promise<Product[]> {
    return [...this.tables.products.values()]
      .filter((p) => p.accountId === acct.accountId && !p.deleted && (productId ?? p.id) === p.id)
      .sort((a, b) => codePointOrder(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id)
      .map((p) =>
        productOf(
          p,
          this.tables.liveSeqsOf(p.id).map((s) => this.tables.seqAnswer(s)),
        ),
      );
  }

  async product(acct: AccountCtx, productId: number): Promise<Product> {
    const [product] = await this.products(acct, productId);
    if (!product) throw new NotFound('Product');
    return product;
  }

  async seq(seqId: number): Promise<Seq> {
    return this.tables.seqAnswer(this.tables.seqs.get(seqId)!);
  }

  async seqNumbers(productId: number): Promise<SeqNumbers[]> {
    return this.tables
      .liveSeqsOf(productId)
      .map((s) => ({ id: s.id, stageNo: s.stage_no, testNo: s.test_no }));
  }
}

type StoreMethods = Pick<
  EditorStore,
  | 'load'
  | 'loadByStep'
  | 'readLive'
  | 'steps'
  | 'newStepIds'
  | 'commit'
  | 'insertProduct'
  | 'updateProduct'
  | 'deleteProduct'
  | 'touchProduct'
  | 'insertSeq'
  | 'restoreSeq'
  | 'renameSeq'
  | 'deleteSeq'
  | 'writeNumbers'
>;

/** EditorStore over the tables; `touched` lists the products whose change was recorded, in order. */
export class FakeEditorStore implements StoreMethods {
  readonly touched: number[] = [];

  constructor(private readonly tables: EditorTables) {}

  async load(acct: AccountCtx, seqId: number): Promise<LoadedSeq> {
    const row = this.tables.liveSeq(acct.accountId, seqId);
    if (!row) throw new NotFound('Test');
    return loaded(this.tables, row);
  }

  async loadByStep(acct: AccountCtx, stepId: number): Promise<LoadedSeq & { index: number }> {
    for (const [seqId, steps] of this.tables.steps) {
      const index = steps.findIndex((step) => step.id === stepId);
      const row = this.tables.liveSeq(acct.accountId, seqId);
      if (index >= 0 && row) return { ...loaded(this.tables, row), index };
    }
    throw new NotFound('Step');
  }

  readLive(acct: AccountCtx, seqId: number): Promise<LoadedSeq> {
    return this.load(acct, seqId);
  }

  async steps(seqId: number): Promise<Step[]> {
    return [...(this.tables.steps.get(seqId) ?? [])];
  }

  async newStepIds(count: number): Promise<number[]> {
    return Array.from({ length: count }, () => this.tables.nextId());
  }

  async commit(acct: AccountCtx, from: LoadedSeq, steps: Step[], cals?: Calibration[]): Promise<Seq> {
    const row = this.tables.seqs.get(from.row.id)!;
    const seq = recomputeSeq({ ...seqOf(from.row, steps), cals: cals ?? from.row.cals });
    Object.assign(row, { is_completed: seq.isCompleted, cals: seq.cals, update_user_name: acct.userName });
    this.tables.steps.set(row.id, seq.steps);
    await this.touchProduct(acct, row.product_id);
    return seqOf(row, seq.steps);
  }

  async insertProduct(acct: AccountCtx, input: ProductInput): Promise<ProductRow> {
    const row = this.tables.addProduct(acct.accountId, input.name);
    Object.assign(row, input, { create_user_name: acct.userName, update_user_name: acct.userName });
    return row;
  }

  async updateProduct(acct: AccountCtx, productId: number, input: ProductInput, restore = false) {
    const row = this.tables.products.get(productId)!;
    Object.assign(row, input, { update_user_name: acct.userName }, restore ? { deleted: false } : {});
  }

  async deleteProduct(acct: AccountCtx, productId: number): Promise<void> {
    Object.assign(this.tables.products.get(productId)!, { deleted: true, update_user_name: acct.userName });
  }

  async touchProduct(acct: AccountCtx, productId: number): Promise<void> {
    this.tables.products.get(productId)!.update_user_name = acct.userName;
    this.touched.push(productId);
  }

  async insertSeq(...[acct, productId, name, numbers, cals = []]: Parameters<EditorStore['insertSeq']>) {
    const row = this.tables.addSeq(productId, name, numbers);
    Object.assign(row, { cals, create_user_name: acct.userName, update_user_name: acct.userName });
    return row;
  }

  async restoreSeq(acct: AccountCtx, seqId: number, name: string, numbers: StageTest): Promise<void> {
    const row = this.tables.seqs.get(seqId)!;
    Object.assign(row, { deleted: false, name, stage_no: numbers.stageNo, test_no: numbers.testNo });
    row.update_user_name = acct.userName;
  }

  async renameSeq(seqId: number, name: string): Promise<void> {
    this.tables.seqs.get(seqId)!.name = name;
  }

  async deleteSeq(acct: AccountCtx, seqId: number): Promise<void> {
    Object.assign(this.tables.seqs.get(seqId)!, { deleted: true, update_user_name: acct.userName });
  }

  async writeNumbers(acct: AccountCtx, changes: readonly SeqNumbers[]): Promise<void> {
    for (const change of changes) {
      const row = this.tables.seqs.get(change.id)!;
      Object.assign(row, {
        stage_no: change.stageNo,
        test_no: change.testNo,
        update_user_name: acct.userName,
      });
    }
  }
}

export class FakeProductsRepository implements Pick<ProductsRepository, 'sameName' | 'liveByName'> {
  constructor(private readonly tables: EditorTables) {}

  async sameName(accountId: number, name: string, exceptId = 0): Promise<SameName | undefined> {
    const row = [...this.tables.products.values()].find(
      (p) => p.accountId === accountId && sameText(p.name, name) && p.id !== exceptId,
    );
    return row && { id: row.id, deleted: row.deleted };
  }

  async liveByName(accountId: number, name: string) {
    const row = [...this.tables.products.values()].find(
      (p) => p.accountId === accountId && sameText(p.name, name) && !p.deleted,
    );
    return row && { id: row.id, name: row.name, model: row.model, info: row.info };
  }
}

export class FakeSeqsRepository implements Pick<SeqsRepository, 'sameName' | 'names' | 'isLive'> {
  constructor(private readonly tables: EditorTables) {}

  async sameName(productId: number, name: string, exceptId = 0): Promise<SameName | undefined> {
    const row = [...this.tables.seqs.values()].find(
      (s) => s.product_id === productId && sameText(s.name, name) && s.id !== exceptId,
    );
    return row && { id: row.id, deleted: row.deleted };
  }

  async names(productId: number): Promise<string[]> {
    return [...this.tables.seqs.values()].filter((s) => s.product_id === productId).map((s) => s.name);
  }

  async isLive(acct: AccountCtx, seqId: number): Promise<boolean> {
    return this.tables.liveSeq(acct.accountId, seqId) !== undefined;
  }
}

export class FakeStepsRepository implements Pick<StepsRepository, 'liveSteps'> {
  constructor(private readonly tables: EditorTables) {}

  async liveSteps(acct: AccountCtx, ids: readonly number[]): Promise<{ seqId: number; step: Step }[]> {
    const wanted = new Set(ids);
    return [...this.tables.steps.entries()]
      .filter(([seqId]) => this.tables.liveSeq(acct.accountId, seqId))
      .sort(([a], [b]) => a - b)
      .flatMap(([seqId, steps]) =>
        steps.filter((step) => wanted.has(step.id)).map((step) => ({ seqId, step })),
      );
  }
}
