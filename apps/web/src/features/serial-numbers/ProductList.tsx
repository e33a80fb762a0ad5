import { NavLink, ScrollArea, Text } from '@mantine/core';
import { countText } from '@sweepline/ui';
import type { SnProduct } from '@sweepline/domain';

/** The products of the Serial Number screen (docs/requirements/serial-numbers.md#screen: the list on the left). */
export function ProductList({
  products,
  selectedId,
  onSelect,
}: {
  products: SnProduct[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}) {
  if (products.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No products yet: add one on the Products screen.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={560}>
      <div role="listbox" aria-label="Products">
        {products.map((product) => (
          <NavLink
            key={product.id}
            component="div"
            role="option"
            tabIndex={0}
            aria-selected={product.id === selectedId}
            active={product.id === selectedId}
            label={product.name}
            description={`${countText(product.snArray.length)} serial numbers`}
            onClick={() => onSelect(product.id)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onSelect(product.id);
              }
            }}
          />
        ))}
      </div>
    </ScrollArea.Autosize>
  );
}
