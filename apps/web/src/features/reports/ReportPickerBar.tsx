import { Button, Group, Select } from '@mantine/core';
import type { ProductListItem } from '@sweepline/domain';
import { DateRangePresetPicker, type DayRangeValue } from '@sweepline/ui';
import type { ReactNode } from 'react';

/** What the bar reads and drives: the part that the daily reports and the Measurements screens share. */
export interface ReportPicks {
  products: ProductListItem[] | undefined;
  product: ProductListItem | undefined;
  pickProduct(id: number | null): void;
  range: DayRangeValue;
  setRange(range: DayRangeValue): void;
  today: string;
  canApply: boolean;
  apply(): void;
}

/**
 * The picker row of the daily reports and the Measurements screens: Product, the screen's own
 * pickers (children: Test, Step), Dates, Apply and Export CSV.
 */
export function ReportPickerBar({
  picks,
  productWidth,
  onExport,
  children,
}: {
  picks: ReportPicks;
  productWidth: number;
  /** Export CSV of what is shown; undefined while nothing is. */
  onExport: (() => void) | undefined;
  children?: ReactNode;
}) {
  const { products, product } = picks;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Product"
        data={(products ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
        value={product ? String(product.id) : null}
        onChange={(v) => picks.pickProduct(v === null ? null : Number(v))}
        allowDeselect={false}
        searchable
        w={productWidth}
      />
      {children}
      <DateRangePresetPicker
        label="Dates"
        value={picks.range}
        onChange={picks.setRange}
        today={picks.today}
      />
      <Button onClick={picks.apply} disabled={!picks.canApply}>
        Apply
      </Button>
      <Button variant="default" disabled={!onExport} onClick={onExport}>
        Export CSV
      </Button>
    </Group>
  );
}
