import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { rangePresets } from '@sweepline/domain';

/** A range of local days 'YYYY-MM-DD'; a half-picked range has a null end. */
export type DayRangeValue = [string | null, string | null];

export interface DateRangePresetPickerProps {
  label: string;
  value: DayRangeValue;
  onChange: (value: DayRangeValue) => void;
  /** The local day 'YYYY-MM-DD' the presets end on. */
  today: string;
  /** Shown while no range is picked (History's 'All dates'). */
  placeholder?: string;
}

/**
 * A date range with the report presets of the domain (Today, Yesterday, Last Week, Last Month,
 * Last Year). It cannot be cleared (docs/requirements/shell-and-navigation.md#route-table) and no day after today can be picked.
 * The screen that uses it imports '@mantine/dates/styles.css' (kept out of the first load).
 */
export function DateRangePresetPicker({
  label,
  value,
  onChange,
  today,
  placeholder,
}: DateRangePresetPickerProps) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      value={value}
      onChange={(next: DatesRangeValue<string>) => onChange([next[0], next[1]])}
      presets={rangePresets(today).map((p) => ({ label: p.label, value: p.range }))}
      allowSingleDateInRange
      clearable={false}
      maxDate={today}
      valueFormat="YYYY-MM-DD"
      placeholder={placeholder}
      // Mantine's placeholder grey is 2.1:1 on white, and this one is a button's text (axe checks it)
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      w={260}
    />
  );
}
