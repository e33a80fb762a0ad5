import { Injectable } from '@nestjs/common';
import { AccountCtx } from '../../auth/auth-context';
import { Db } from '../../database/transaction';
import { SameName } from '../wire';

/**
 * The tests' look-ups by name and liveness; EditorStore writes them. Names are unique per product
 * among live and deleted tests alike, so adding a deleted test's name restores it (docs/requirements/storage.md#soft-delete). Callers hold the product's lock.
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
