import { Button, Group, Select } from '@mantine/core';
import { SPC_ALARM_STATES, type ProductListItem, type SpcAlarmState } from '@sweepline/domain';
import { ProductTestSelects } from '@sweepline/ui';
import type { AlarmFilters } from './alarm-filters';

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
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Alarm filters">
      <ProductTestSelects filters={filters} onChange={onChange} products={products} />
      <Select
        label="State"
        // short enough for the 200-px picker: "Open and acknowledged" was cut to "acknowledgec"
        placeholder="Any state"
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
