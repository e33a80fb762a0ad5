import { Injectable } from '@nestjs/common';
import { Product, Seq, SeqNumbers, NotFound } from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { Db } from '../database/transaction';
import {
  PRODUCT_COLUMNS,
  productOf,
  ProductRow,
  SEQ_COLUMNS,
  seqOf,
  SeqRow,
  STEP_COLUMNS,
  stepsBySeq,
  StepRow,
} from './wire';

/**
 * The editor's reads the products and tests calls share, and the product lock; EditorStore
 * writes. Every method is scoped to the account.
 */
@Injectable()
export class EditorRepository {
  constructor(private readonly db: Db) {}

  /**
   * A live product of the account, locked for this request: every editor write locks its product
   * first (see EditorStore.load), so stage-test numbers and names are decided one change at a time.
   */
  async lockProduct(acct: AccountCtx, productId: number): Promise<ProductRow> {
    const [row] = await this.db.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM product WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL FOR UPDATE`,
      [productId, acct.accountId],
    );
    if (!row) throw new NotFound('Product');
    return row;
  }

  /**
   * The account's live products (or the one of `productId`) with their live tests in stage-test
   * order, each with its steps and calibrations. Products sort by their lower-cased name in code
   * point order, the same on every PostgreSQL whatever its collation, then by id.
   */
  async products(acct: AccountCtx, productId?: number): Promise<Product[]> {
    const products = await this.db.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM product
        WHERE account_id = $1 AND deleted_at IS NULL AND ($2::int IS NULL OR id = $2)
        ORDER BY lower(name) COLLATE "C", id`,
      [acct.accountId, productId ?? null],
    );
    if (products.length === 0) return [];
    const seqs = await this.db.query<SeqRow>(
      `SELECT ${SEQ_COLUMNS} FROM seq
        WHERE account_id = $1 AND deleted_at IS NULL AND product_id = ANY($2::int[])
        ORDER BY stage_no, test_no, id`,
      [acct.accountId, products.map((p) => p.id)],
    );
    const steps = stepsBySeq(
      seqs.length === 0
        ? []
        : await this.db.query<StepRow>(
            `SELECT ${STEP_COLUMNS} FROM step WHERE seq_id = ANY($1::int[]) ORDER BY seq_id, position`,
            [seqs.map((s) => s.id)],
          ),
    );
    const byProduct = new Map<number, Seq[]>(products.map((p) => [p.id, []]));
    for (const seq of seqs) byProduct.get(seq.product_id)?.push(seqOf(seq, steps.get(seq.id) ?? []));
    return products.map((p) => productOf(p, byProduct.get(p.id) ?? []));
  }

  /** One product of the account with its tests, as in products(); 404 when it is not live. */
  async product(acct: AccountCtx, productId: number): Promise<Product> {
    const [product] = await this.products(acct, productId);
    if (!product) throw new NotFound('Product');
    return product;
  }

  /** A test of the account, live or not, with its steps: for answers after a change. */
  async seq(seqId: number): Promise<Seq> {
    const [row] = await this.db.query<SeqRow>(`SELECT ${SEQ_COLUMNS} FROM seq WHERE id = $1`, [seqId]);
    const steps = await this.db.query<StepRow>(
      `SELECT ${STEP_COLUMNS} FROM step WHERE seq_id = $1 ORDER BY position`,
      [seqId],
    );
    return seqOf(row!, stepsBySeq(steps).get(seqId) ?? []);
  }

  /** The stage-test numbers of the product's live tests. */
  async seqNumbers(productId: number): Promise<SeqNumbers[]> {
    return this.db.query<SeqNumbers>(
      `SELECT id, stage_no AS "stageNo", test_no AS "testNo" FROM seq WHERE product_id = $1 AND deleted_at IS NULL`,
      [productId],
    );
  }
}
