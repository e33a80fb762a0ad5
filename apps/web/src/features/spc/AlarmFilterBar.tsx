import { Button, Group, Select } from '@mantine/core';
import { SPC_ALARM_STATES, type ProductListItem, type SpcAlarmState } from '@sweepline/domain';
import type { AlarmFilters } from './alarm-filters';

const options = (items: { id: number; name: string }[]) =>
  items.map((item) => ({ value: String(item.id), label: item.name }));
const idOf = (value: string | null) => (value === null ? undefined : Number(value));
const STATE_LABELS: Record<SpcAlarmState, string> = { open: 'Open', acknowledged: 'Acknowledged' };

/** The alarms list's filters: product, a test of it, state; each change applies at once. */
export function AlarmFilterBar({
  filters,
  onChange,
  products,
}: {
  filters: AlarmFilters;
  onChange: (filters: AlarmFilters) => void;
  products: ProductListItem[];
}) {
  const product = products.find((p) => p.id === filters.productId);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Alarm filters">
      <Select
        label="Product"
        placeholder="All products"
        data={options(products)}
        value={filters.productId === undefined ? null : String(filters.productId)}
        onChange={(value) => onChange({ ...filters, productId: idOf(value), seqId: undefined })}
        clearable
        searchable
        w={200}
      />
      <Select
        label="Test"
        placeholder={product ? 'All tests' : 'Pick a product first'}
        data={options(product?.seqs ?? [])}
        value={filters.seqId === undefined ? null : String(filters.seqId)}
        onChange={(value) => onChange({ ...filters, seqId: idOf(value) })}
        disabled={!product}
        clearable
        searchable
        w={200}
      />
      <Select
        label="State"
        placeholder="Open and acknowledged"
        data={SPC_ALARM_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] }))}
        value={filters.state ?? null}
        onChange={(value) => onChange({ ...filters, state: (value as SpcAlarmState | null) ?? undefined })}
        clearable
        w={200}
      />
      <Button variant="subtle" disabled={!filtered} onClick={() => onChange({})}>
        Clear filters
      </Button>
    </Group>
  );
}
