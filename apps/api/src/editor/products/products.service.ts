import { Injectable } from '@nestjs/common';
import { Conflict, Product, productDialogErrors } from '@sweepline/domain';
import { AccountCtx } from '../../auth/auth-context';
import { EDITOR_MSG } from '../editor-messages';
import { EditorRepository } from '../editor.repository';
import { EditorStore } from '../editor-store.repository';
import { refuseFirst } from '../../common/refusals';
import { ProductInput, productOf } from '../wire';
import { ProductBodyDto } from './dto/product.dto';
import { ProductsRepository } from './products.repository';

/** The product dialog's rules (docs/requirements/test-editor.md#name-rule), then the values as stored: trimmed. */
function checked(dto: ProductBodyDto): ProductInput {
  const input = { name: dto.name, model: dto.model ?? '', info: dto.info ?? '' };
  refuseFirst(productDialogErrors(input));
  return { name: input.name.trim(), model: input.model.trim(), info: input.info.trim() };
}

/**
 * Products (docs/requirements/products.md#calls). Names are unique per account among live and deleted products
 * alike: adding a deleted product's name restores it with its tests (docs/requirements/storage.md#soft-delete).
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly repo: EditorRepository,
    private readonly store: EditorStore,
  ) {}

  async create(acct: AccountCtx, dto: ProductBodyDto): Promise<Product> {
    const input = checked(dto);
    const same = await this.products.sameName(acct.accountId, input.name);
    if (same && !same.deleted) throw new Conflict(EDITOR_MSG.productExists(input.name));
    if (same) {
      // the tests it had when it was deleted come back with it, untouched
      await this.store.updateProduct(acct, same.id, input, true);
      return this.repo.product(acct, same.id);
    }
    return productOf(await this.store.insertProduct(acct, input), []);
  }

  async update(acct: AccountCtx, productId: number, dto: ProductBodyDto): Promise<Product> {
    const input = checked(dto);
    await this.repo.lockProduct(acct, productId);
    const same = await this.products.sameName(acct.accountId, input.name, productId);
    if (same) {
      // renaming onto a deleted product's name would hide that product for good
      throw new Conflict(
        (same.deleted ? EDITOR_MSG.deletedProductExists : EDITOR_MSG.productExists)(input.name),
      );
    }
    await this.store.updateProduct(acct, productId, input);
    return this.repo.product(acct, productId);
  }

  /** Soft delete: the product and its tests are hidden until a product of that name is added. */
  async remove(acct: AccountCtx, productId: number): Promise<null> {
    await this.repo.lockProduct(acct, productId);
    await this.store.deleteProduct(acct, productId);
    return null;
  }
}
