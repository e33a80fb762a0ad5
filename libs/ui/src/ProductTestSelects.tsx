import { Select } from '@mantine/core';
import type { ProductListItem } from '@sweepline/domain';

/** The part of a list's filters that names a product and one of its tests. */
export interface ProductTestFilter {
  productId?: number;
  seqId?: number;
}

/** A Select's options for records named by id. */
export const idOptions = (items: { id: number; name: string }[]) =>
  items.map((item) => ({ value: String(item.id), label: item.name }));
/** The id a Select of `idOptions` picked, undefined when cleared. */
export const pickedId = (value: string | null) => (value === null ? undefined : Number(value));

/**
 * A filter bar's Product and Test selects: the test list is the picked product's, and picking
 * another product clears the test. Each change applies at once through `onChange`.
 */
export function ProductTestSelects<F extends ProductTestFilter>({
  filters,
  onChange,
  products,
}: {
  filters: F;
  onChange: (filters: F) => void;
  products: ProductListItem[];
}) {
  const product = products.find((p) => p.id === filters.productId);
  return (
    <>
      <Select
        label="Product"
        placeholder="All products"
        data={idOptions(products)}
        value={filters.productId === undefined ? null : String(filters.productId)}
        onChange={(value) => onChange({ ...filters, productId: pickedId(value), seqId: undefined })}
        clearable
        searchable
        w={200}
      />
      <Select
        label="Test"
        placeholder={product ? 'All tests' : 'Pick a product first'}
        data={idOptions(product?.seqs ?? [])}
        value={filters.seqId === undefined ? null : String(filters.seqId)}
        onChange={(value) => onChange({ ...filters, seqId: pickedId(value) })}
        disabled={!product}
        clearable
        searchable
        w={200}
      />
    </>
  );
}
