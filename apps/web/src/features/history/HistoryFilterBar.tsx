import { Button, Group, Select } from '@mantine/core';
import type { ProductListItem } from '@sweepline/domain';
import {
  DateRangePresetPicker,
  idOptions,
  pickedId,
  ProductTestSelects,
  type DayRangeValue,
} from '@sweepline/ui';
import { useEffect, useState } from 'react';
import type { HistoryFilters } from './history-filters';

export interface HistoryUser {
  id: number;
  name: string;
}

/**
 * History's filters: product, a test of that product, user, a range of days (the reports'
 * picker and presets); each change applies at once. Clear filters, and Export CSV of what they
 * select.
 */
export function HistoryFilterBar({
  filters,
  onChange,
  products,
  users,
  today,
  exporting,
  onExport,
}: {
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
  products: ProductListItem[];
  users: HistoryUser[];
  today: string;
  exporting: boolean;
  onExport: () => void;
}) {
  // a half-picked range stays in the picker until its second day is picked
  const [range, setRange] = useState<DayRangeValue>([filters.from ?? null, filters.to ?? null]);
  useEffect(() => setRange([filters.from ?? null, filters.to ?? null]), [filters.from, filters.to]);
  const pickRange = (next: DayRangeValue) => {
    setRange(next);
    if (next[0] && next[1]) onChange({ ...filters, from: next[0], to: next[1] });
  };
  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="History filters">
      <ProductTestSelects filters={filters} onChange={onChange} products={products} />
      <Select
        label="User"
        placeholder="All users"
        data={idOptions(users)}
        value={filters.userId === undefined ? null : String(filters.userId)}
        onChange={(value) => onChange({ ...filters, userId: pickedId(value) })}
        clearable
        searchable
        w={180}
      />
      <DateRangePresetPicker
        label="Dates"
        placeholder="All dates"
        value={range}
        onChange={pickRange}
        today={today}
      />
      <Button variant="subtle" disabled={!filtered} onClick={() => onChange({})}>
        Clear filters
      </Button>
      <Button variant="default" loading={exporting} onClick={onExport}>
        Export CSV
      </Button>
    </Group>
  );
}
