import { ActionIcon } from '@mantine/core';
import { LazyTooltip } from '@sweepline/ui';

/** The small × that deletes one item of a list (an option, trace, line, marker, calibration). */
export function DeleteIcon({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <LazyTooltip label={label}>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="red"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        ×
      </ActionIcon>
    </LazyTooltip>
  );
}
