import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatNumberText, parseNumber } from './parse-number';

export interface NumberFieldProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  unit?: string;
  disabled?: boolean;
  /** In a table the column header shows the label: the input keeps it as its accessible name. */
  hideLabel?: boolean;
}

/**
 * A number typed as text: what the user types stays as typed ('1.', '-') while the param gets
 * the number, or null while there is none. A value changed from outside (a server answer, a
 * reset) replaces the text.
 */
export function NumberField({ label, value, onChange, error, unit, disabled, hideLabel }: NumberFieldProps) {
  const [text, setText] = useState(formatNumberText(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (parseNumber(text) !== value) setText(formatNumberText(value));
  }
  return (
    <TextInput
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      error={error}
      disabled={disabled}
      rightSection={
        unit ? (
          <Text size="xs" c="dimmed">
            {unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={unit ? 40 : undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        const parsed = parseNumber(next);
        setText(next);
        setShown(parsed);
        onChange(parsed);
      }}
    />
  );
}
