import { Injectable } from '@nestjs/common';
import { orConflict } from '../../common/refusals';
import { Db } from '../../database/transaction';
import { EDITOR_MSG } from '../editor-messages';
import { PRODUCT_COLUMNS, ProductRow, SameName } from '../wire';

/** A product's dialog fields, trimmed. */
export interface ProductInput {
  name: string;
  model: string;
  info: string;
}

/**
 * The `product` writes of the product dialog (spec 1 section 7); reading products with their
 * tests is EditorRepository's. A name taken at the same moment by another request is a Conflict.
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

  async insert(accountId: number, input: ProductInput, userName: string): Promise<ProductRow> {
    const [row] = await orConflict(
      () =>
        this.db.query<ProductRow>(
          `INSERT INTO product (account_id, name, model, info, create_user_name, update_user_name)
           VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${PRODUCT_COLUMNS}`,
          [accountId, input.name, input.model, input.info, userName],
        ),
      EDITOR_MSG.productExists(input.name),
    );
    return row!;
  }

  /** Writes the fields; `restore` also brings a deleted product back. */
  async update(productId: number, input: ProductInput, userName: string, restore = false): Promise<void> {
    await orConflict(
      () =>
        this.db.query(
          `UPDATE product SET name = $2, model = $3, info = $4, update_user_name = $5, update_time = now()
                  ${restore ? ', deleted_at = NULL' : ''}
            WHERE id = $1`,
          [productId, input.name, input.model, input.info, userName],
        ),
      EDITOR_MSG.productExists(input.name),
    );
  }

  /** Soft delete: the product and its tests are hidden until a product of that name is added. */
  async delete(productId: number, userName: string): Promise<void> {
    await this.db.query(
      `UPDATE product SET deleted_at = now(), update_user_name = $2, update_time = now() WHERE id = $1`,
      [productId, userName],
    );
  }
}
