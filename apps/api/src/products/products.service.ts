import { Injectable } from '@nestjs/common';
import { Product, productDialogErrors } from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { conflict } from '../common/api-error';
import { Db } from '../database/transaction';
import { EDITOR_MSG } from '../editor/editor-messages';
import { EditorRepository } from '../editor/editor.repository';
import { orConflict, refuseFirst } from '../common/refusals';
import { PRODUCT_COLUMNS, productOf, ProductRow } from '../editor/wire';
import { ProductBodyDto } from './dto/product.dto';

interface ProductInput {
  name: string;
  model: string;
  info: string;
}

interface SameName {
  id: number;
  deleted: boolean;
}

/** The product dialog's rules (spec 1 section 5), then the values as stored: trimmed. */
function checked(dto: ProductBodyDto): ProductInput {
  const input = { name: dto.name, model: dto.model ?? '', info: dto.info ?? '' };
  refuseFirst(productDialogErrors(input));
  return { name: input.name.trim(), model: input.model.trim(), info: input.info.trim() };
}

/**
 * Products (spec 1 section 7). Names are unique per account among live and deleted products
 * alike: adding a deleted product's name restores it with its tests (spec 2 section 1).
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly db: Db,
    private readonly repo: EditorRepository,
  ) {}

  async create(acct: AccountCtx, dto: ProductBodyDto): Promise<Product> {
    const input = checked(dto);
    const same = await this.sameName(acct, input.name);
    if (same && !same.deleted) throw conflict(EDITOR_MSG.productExists(input.name));
    if (same) {
      // the tests it had when it was deleted come back with it, untouched
      await this.db.query(
        `UPDATE product SET deleted_at = NULL, name = $2, model = $3, info = $4,
                update_user_name = $5, update_time = now()
          WHERE id = $1`,
        [same.id, input.name, input.model, input.info, acct.userName],
      );
      return this.repo.product(acct, same.id);
    }
    const [row] = await orConflict(
      () =>
        this.db.query<ProductRow>(
          `INSERT INTO product (account_id, name, model, info, create_user_name, update_user_name)
           VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${PRODUCT_COLUMNS}`,
          [acct.accountId, input.name, input.model, input.info, acct.userName],
        ),
      EDITOR_MSG.productExists(input.name),
    );
    return productOf(row!, []);
  }

  async update(acct: AccountCtx, productId: number, dto: ProductBodyDto): Promise<Product> {
    const input = checked(dto);
    await this.repo.lockProduct(acct, productId);
    const same = await this.sameName(acct, input.name, productId);
    if (same) {
      // renaming onto a deleted product's name would hide that product for good
      throw conflict((same.deleted ? EDITOR_MSG.deletedProductExists : EDITOR_MSG.productExists)(input.name));
    }
    await orConflict(
      () =>
        this.db.query(
          `UPDATE product SET name = $2, model = $3, info = $4, update_user_name = $5, update_time = now()
            WHERE id = $1`,
          [productId, input.name, input.model, input.info, acct.userName],
        ),
      EDITOR_MSG.productExists(input.name),
    );
    return this.repo.product(acct, productId);
  }

  /** Soft delete: the product and its tests are hidden until a product of that name is added. */
  async remove(acct: AccountCtx, productId: number): Promise<null> {
    await this.repo.lockProduct(acct, productId);
    await this.db.query(
      `UPDATE product SET deleted_at = now(), update_user_name = $2, update_time = now() WHERE id = $1`,
      [productId, acct.userName],
    );
    return null;
  }

  /** The account's product with this name (case-insensitive), live or deleted, other than `exceptId`. */
  private async sameName(acct: AccountCtx, name: string, exceptId = 0): Promise<SameName | undefined> {
    const [row] = await this.db.query<SameName>(
      `SELECT id, deleted_at IS NOT NULL AS deleted FROM product
        WHERE account_id = $1 AND lower(name) = lower($2) AND id <> $3
        FOR UPDATE`,
      [acct.accountId, name, exceptId],
    );
    return row;
  }
}
