import { Injectable } from '@nestjs/common';
import { Db } from '../../database/transaction';
import { ProductInput, SameName } from '../wire';

/**
 * The product dialog's look-ups by name (docs/requirements/products.md#calls); reading products with their tests is
 * EditorRepository's, writing them EditorStore's.
 */
@Injectable()
export class ProductsRepository {
  constructor(private readonly db: Db) {}

  /** The account's product with this name (case-insensitive), live or deleted, other than `exceptId`; locked. */
  async sameName(accountId: number, name: string, exceptId = 0): Promise<SameName | undefined> {
    const [row] = await this.db.query<SameName>(
      `SELECT id, deleted_at IS NOT NULL AS deleted FROM product
        WHERE account_id = $1 AND lower(name) = lower($2) AND id <> $3
        FOR UPDATE`,
      [accountId, name, exceptId],
    );
    return row;
  }

  /** The account's live product of this name (case-insensitive). */
  async liveByName(accountId: number, name: string): Promise<(ProductInput & { id: number }) | undefined> {
    const [live] = await this.db.query<ProductInput & { id: number }>(
      `SELECT id, name, model, info FROM product WHERE account_id = $1 AND lower(name) = lower($2) AND deleted_at IS NULL`,
      [accountId, name],
    );
    return live;
  }
}
