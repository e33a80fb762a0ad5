import type { SnProduct } from '@sweepline/domain';
import { UsageError } from '../exit-codes';

/**
 * The product a `--product` option names: by id when it is a whole number that is a product's id,
 * else by name compared without case, as product names are unique (docs/api/editor.md). A name
 * that matches none is a usage error (exit 2, docs/cli.md), listing the products `among` names.
 */
export function findProduct<P extends Pick<SnProduct, 'id' | 'name'>>(
  products: readonly P[],
  ref: string,
  among = "the account's products",
): P {
  const wanted = ref.trim();
  if (/^\d+$/.test(wanted)) {
    const byId = products.find((p) => p.id === Number(wanted));
    if (byId) return byId;
  }
  const byName = products.find((p) => p.name.toLowerCase() === wanted.toLowerCase());
  if (byName) return byName;
  const names = products.map((p) => p.name);
  const known =
    names.length === 0
      ? `${among}: none yet`
      : `${among}: ${names.slice(0, 20).join(', ')}${names.length > 20 ? ', …' : ''}`;
  throw new UsageError(`Product '${ref}' not found (${known}).`);
}
