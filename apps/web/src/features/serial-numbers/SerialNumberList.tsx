import { ActionIcon, Group, Text, VisuallyHidden } from '@mantine/core';
import { verdictColor, verdictLabel, type SnUnit } from '@sweepline/domain';
import { VirtualList } from '@sweepline/ui';
import { useEffect, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { clickSn, type SnSelection } from './sn-selection';

const ROW_HEIGHT = 32;
/** The column beside the options: each unit's stage, its latest result and its copy button. */
const ASIDE_WIDTH = 36 + 72 + 64;
const optionId = (index: number) => `sn-option-${index}`;
const stateId = (index: number) => `sn-state-${index}`;
const SELECTED = 'var(--mantine-color-blue-light)';

/** Where a unit is: its stage, 'Finished', or nothing yet (a product without tests). */
function stageText(unit: SnUnit): string {
  if (unit.finished) return 'Finished';
  return unit.stageNo === null ? 'No stage' : `Stage ${unit.stageNo}`;
}

const resultText = (unit: SnUnit) => (unit.latest ? verdictLabel(unit.latest.result) : 'Not run');

function CopyIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </svg>
  );
}

export interface SerialNumberListProps {
  shown: readonly string[];
  selection: SnSelection;
  onSelection: (selection: SnSelection) => void;
  onCopy: (sn: string) => void;
  /** Each serial number's stage and latest result; undefined while they load. */
  units: ReadonlyMap<string, SnUnit> | undefined;
  scrollTo: number | undefined;
  height: number;
}

/**
 * The serial numbers of the selected product (docs/requirements/serial-numbers.md#screen), virtualised: a multi-select
 * listbox (click, ctrl-click, shift-click; arrows with or without shift; ctrl+C copies the focused
 * one) whose options are named by their serial number alone, as the specification lists them.
 * Beside each option, outside the listbox (an option may hold no control: WCAG
 * nested-interactive), the unit's stage and latest result, which describe the option to a screen
 * reader ('Stage 2, Failed'), and its copy button "Copy {sn}"; Tab goes from the listbox to the
 * focused row's button only, not through every row's.
 */
export function SerialNumberList({
  shown,
  selection,
  onSelection,
  onCopy,
  units,
  scrollTo,
  height,
}: SerialNumberListProps) {
  const [active, setActive] = useState<number>();
  const focus = active !== undefined && active < shown.length ? active : undefined;
  // an add brings its first new row into view: the keyboard focus starts from there
  useEffect(() => setActive(undefined), [scrollTo, shown]);

  const click = (index: number, event: MouseEvent) => {
    setActive(index);
    onSelection(
      clickSn(shown, selection, index, { shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey }),
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const next = Math.min(Math.max((focus ?? -1) + step, 0), shown.length - 1);
      setActive(next);
      onSelection(clickSn(shown, selection, next, { shift: event.shiftKey, ctrl: false }));
    } else if (event.key === ' ' && focus !== undefined) {
      event.preventDefault();
      onSelection(clickSn(shown, selection, focus, { shift: false, ctrl: true }));
    } else if (event.key.toLowerCase() === 'c' && (event.ctrlKey || event.metaKey) && focus !== undefined) {
      onCopy(shown[focus]!);
    }
  };

  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        No serial numbers
      </Text>
    );
  }
  return (
    <VirtualList
      role="listbox"
      aria-label="Serial numbers"
      aria-multiselectable
      aria-activedescendant={focus === undefined ? undefined : optionId(focus)}
      count={shown.length}
      rowHeight={ROW_HEIGHT}
      height={height}
      scrollToIndex={focus ?? scrollTo}
      onKeyDown={onKeyDown}
      asideWidth={ASIDE_WIDTH}
      renderAside={(index, style) => {
        const sn = shown[index]!;
        const unit = units?.get(sn);
        return (
          <Group
            key={sn}
            gap={0}
            wrap="nowrap"
            style={{ ...style, background: selection.selected.has(sn) ? SELECTED : undefined }}
          >
            <Group
              id={stateId(index)}
              gap={0}
              wrap="nowrap"
              style={{ flex: 1, cursor: 'pointer', userSelect: 'none' }}
              onClick={(event) => click(index, event)}
            >
              {unit && (
                <>
                  <Text size="sm" w={72}>
                    {stageText(unit)}
                  </Text>
                  {/* the description reads 'Stage 2, Failed' */}
                  <VisuallyHidden>, </VisuallyHidden>
                  <Text
                    size="sm"
                    w={64}
                    fw={600}
                    c={unit.latest ? verdictColor(unit.latest.result) : undefined}
                    title={unit.latest ? unit.latest.seqName : undefined}
                  >
                    {resultText(unit)}
                  </Text>
                </>
              )}
            </Group>
            <ActionIcon
              variant="subtle"
              size="sm"
              mx={6}
              aria-label={`Copy ${sn}`}
              title={`Copy ${sn}`}
              tabIndex={index === (focus ?? 0) ? 0 : -1}
              onClick={() => onCopy(sn)}
            >
              <CopyIcon />
            </ActionIcon>
          </Group>
        );
      }}
      renderRow={(index, style) => {
        const sn = shown[index]!;
        const selected = selection.selected.has(sn);
        return (
          <Group
            key={sn}
            id={optionId(index)}
            role="option"
            aria-selected={selected}
            aria-describedby={units?.has(sn) ? stateId(index) : undefined}
            aria-posinset={index + 1}
            aria-setsize={shown.length}
            gap="sm"
            wrap="nowrap"
            px="sm"
            onClick={(event) => click(index, event)}
            style={{
              ...style,
              cursor: 'pointer',
              userSelect: 'none',
              background: selected ? SELECTED : undefined,
              outline: index === focus ? '1px dashed var(--mantine-color-blue-filled)' : undefined,
              outlineOffset: -1,
            }}
          >
            <Text size="sm" ff="monospace" truncate style={{ flex: 1 }}>
              {sn}
            </Text>
          </Group>
        );
      }}
    />
  );
}
