import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LazyTooltip } from './LazyTooltip';

export interface IconTool {
  /** The accessible name and the tooltip: the action and its object ('Add product'). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
}

/** A column's row of icon buttons, each named and with a tooltip of the same words (CONVENTIONS.md 8). */
export function IconToolbar({ label, tools }: { label: string; tools: readonly IconTool[] }) {
  return (
    <Group gap={4} role="toolbar" aria-label={label} wrap="wrap">
      {tools.map((tool) => (
        <LazyTooltip key={tool.label} label={tool.label} openDelay={300} withinPortal>
          <ActionIcon
            variant="subtle"
            color={tool.color}
            aria-label={tool.label}
            disabled={tool.disabled}
            onClick={tool.onClick}
          >
            {tool.icon}
          </ActionIcon>
        </LazyTooltip>
      ))}
    </Group>
  );
}
