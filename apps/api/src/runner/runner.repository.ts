import { Injectable } from '@nestjs/common';
import { NotFound, RunnableSeq, RunnerProduct } from '@sweepline/domain';
import { Db } from '../database/transaction';

/** A live test of a live product of the account: its live fields (its content is a release's). */
export interface RunnerSeqRow {
  id: number;
  product_id: number;
  name: string;
  stage_no: number;
  test_no: number;
  version: number;
}

interface ProductSeqRow {
  id: number;
  name: string;
  model: string;
  info: string;
  seq_id: number;
  seq_name: string;
  stage_no: number;
  test_no: number;
  version: number;
  is_completed: boolean;
}

/** A product with its live tests, each saying whether its draft is complete (RunnerService picks the runnable). */
export interface ListedProduct extends Omit<RunnerProduct, 'seqs'> {
  seqs: (RunnableSeq & { isCompleted: boolean })[];
}

/** The SQL of the runner's reading calls. */
@Injectable()
export class RunnerRepository {
  constructor(private readonly db: Db) {}

  /** Live products with their live tests in stage-test order; products without one are left out. */
  async products(accountId: number): Promise<ListedProduct[]> {
    const rows = await this.db.query<ProductSeqRow>(
      `SELECT p.id, p.name, p.model, p.info, s.id AS seq_id, s.name AS seq_name,
              s.stage_no::int AS stage_no, s.test_no::int AS test_no, s.version, s.is_completed
         FROM product p JOIN seq s ON s.product_id = p.id AND s.deleted_at IS NULL
        WHERE p.account_id = $1 AND p.deleted_at IS NULL
        ORDER BY lower(p.name) COLLATE "C", p.id, s.stage_no, s.test_no, s.id`,
      [accountId],
    );
    const products = new Map<number, ListedProduct>();
    for (const row of rows) {
      const product = products.get(row.id) ?? {
        id: row.id,
        name: row.name,
        model: row.model,
        info: row.info,
        seqs: [],
      };
      products.set(row.id, product);
      product.seqs.push({
        id: row.seq_id,
        name: row.seq_name,
        stageNo: row.stage_no,
        testNo: row.test_no,
        version: row.version,
        isCompleted: row.is_completed,
      });
    }
    return [...products.values()];
  }

  /** 404 'Test not found' for another account's test, a deleted one, or one of a deleted product. */
  async seq(accountId: number, seqId: number): Promise<RunnerSeqRow> {
    const [row] = await this.db.query<RunnerSeqRow>(
      `SELECT s.id, s.product_id, s.name, s.stage_no::int AS stage_no, s.test_no::int AS test_no, s.version
         FROM seq s JOIN product p ON p.id = s.product_id AND p.deleted_at IS NULL
        WHERE s.id = $1 AND s.account_id = $2 AND s.deleted_at IS NULL`,
      [seqId, accountId],
    );
    if (!row) throw new NotFound('Test');
    return row;
  }
}
