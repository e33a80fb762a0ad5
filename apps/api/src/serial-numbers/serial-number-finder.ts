import { Injectable } from '@nestjs/common';
import { NotFound, Refused, SN_MSG } from '@sweepline/domain';
import { ProductRef, SerialNumberRow, SerialNumbersRepository } from './serial-numbers.repository';

export interface FoundSerialNumbers {
  product: ProductRef;
  /** In the order of the serial numbers asked for. */
  units: SerialNumberRow[];
}

function inOrder(sns: readonly string[], units: readonly SerialNumberRow[]): SerialNumberRow[] {
  const bySn = new Map(units.map((unit) => [unit.sn, unit]));
  return sns.map((sn) => bySn.get(sn)!);
}

/**
 * Finds serial numbers that must all exist, in one product: the product given, or (the spec's
 * jump payload has no product) the one product of the account that holds them.
 */
@Injectable()
export class SerialNumberFinder {
  constructor(private readonly repo: SerialNumbersRepository) {}

  async find(accountId: number, sns: readonly string[], productId?: number, lock = false) {
    return productId === undefined
      ? this.inAccount(accountId, sns, lock)
      : this.inProduct(accountId, sns, productId, lock);
  }

  private async inProduct(
    accountId: number,
    sns: readonly string[],
    productId: number,
    lock: boolean,
  ): Promise<FoundSerialNumbers> {
    const product = await this.repo.product(accountId, productId);
    const units = await this.repo.inProduct(product.id, sns, lock);
    const found = new Set(units.map((unit) => unit.sn));
    const missing = sns.find((sn) => !found.has(sn));
    if (missing !== undefined) throw NotFound.saying(SN_MSG.notInProduct(missing, product.name));
    return { product, units: inOrder(sns, units) };
  }

  private async inAccount(
    accountId: number,
    sns: readonly string[],
    lock: boolean,
  ): Promise<FoundSerialNumbers> {
    const units = await this.repo.inAccount(accountId, sns, lock);
    const products = new Map<string, Set<number>>();
    for (const unit of units)
      products.set(unit.sn, (products.get(unit.sn) ?? new Set()).add(unit.product_id));
    for (const sn of sns) {
      const holders = products.get(sn);
      if (!holders) throw NotFound.saying(SN_MSG.notFound(sn));
      if (holders.size > 1) throw new Refused(SN_MSG.inSeveralProducts(sn));
    }
    const first = units[0]!;
    if (units.some((unit) => unit.product_id !== first.product_id)) throw new Refused(SN_MSG.severalProducts);
    return { product: { id: first.product_id, name: first.product_name }, units: inOrder(sns, units) };
  }
}
