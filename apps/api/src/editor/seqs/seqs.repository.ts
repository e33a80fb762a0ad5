import { Injectable } from '@nestjs/common';
import { Calibration, StageTest } from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { Db } from '../../database/transaction';
import { EDITOR_MSG } from '../editor-messages';
import { orConflict } from '../../common/refusals';
import { SameName, SEQ_COLUMNS, SeqRow } from '../wire';

/**
 * The tests' own SQL. Names are unique per product among live and deleted tests alike, so adding
 * a deleted test's name restores it (spec 2 section 1). Callers hold the product's lock.
 */
@Injectable()
export class SeqsRepository {
  constructor(private readonly db: Db) {}

  /** The product's test with this name (case-insensitive), live or deleted, other than `exceptId`. */
  async sameName(productId: number, name: string, exceptId = 0): Promise<SameName | undefined> {
    const [row] = await this.db.query<SameName>(
      `SELECT id, deleted_at IS NOT NULL AS deleted FROM seq
        WHERE product_id = $1 AND lower(name) = lower($2) AND id <> $3`,
      [productId, name, exceptId],
    );
    return row;
  }

  /** Every name the product's tests hold, deleted ones included: a copy's name must avoid them all. */
  async names(productId: number): Promise<string[]> {
    const rows = await this.db.query<{ name: string }>('SELECT name FROM seq WHERE product_id = $1', [
      productId,
    ]);
    return rows.map((row) => row.name);
  }

  async insert(
    acct: AccountCtx,
    productId: number,
    name: string,
    numbers: StageTest,
    cals: Calibration[] = [],
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
    return row!;
  }

  /** A deleted test back, under the name as now typed and at its new place, its steps as they were. */
  async restore(acct: AccountCtx, seqId: number, name: string, numbers: StageTest): Promise<void> {
    await this.db.query(
      `UPDATE seq SET deleted_at = NULL, name = $2, stage_no = $3, test_no = $4, version = version + 1,
              update_user_name = $5, update_time = now()
        WHERE id = $1`,
      [seqId, name, numbers.stageNo, numbers.testNo, acct.userName],
    );
  }

  async rename(seqId: number, name: string): Promise<void> {
    await orConflict(
      () => this.db.query('UPDATE seq SET name = $2 WHERE id = $1', [seqId, name]),
      EDITOR_MSG.testExists(name),
    );
  }

  async softDelete(acct: AccountCtx, seqId: number): Promise<void> {
    await this.db.query(
      `UPDATE seq SET deleted_at = now(), version = version + 1, update_user_name = $2, update_time = now()
        WHERE id = $1`,
      [seqId, acct.userName],
    );
  }

  /** Whether the id is a live test of a live product of the account (to tell 400 from 404). */
  async isLive(acct: AccountCtx, seqId: number): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM seq s JOIN product p ON p.id = s.product_id
        WHERE s.id = $1 AND s.account_id = $2 AND s.deleted_at IS NULL AND p.deleted_at IS NULL`,
      [seqId, acct.accountId],
    );
    return rows.length > 0;
  }
}
