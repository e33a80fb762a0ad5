import { Box } from '@mantine/core';
import {
  memo,
  useEffect,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface ListModifiers {
  shift: boolean;
  ctrl: boolean;
}

export interface SelectableListProps<T> {
  /** The listbox's accessible name ('Products', 'Tests', 'Test Steps'). */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => number;
  /** What an option shows; called only for options whose item, place or selection changed. */
  renderItem: (item: T, index: number) => ReactNode;
  /** The option's accessible name. */
  itemLabel: (item: T, index: number) => string;
  selected: ReadonlySet<number>;
  multiple?: boolean;
  /** A click (with its modifier keys) or an arrow key on an option. */
  onSelect: (key: number, mods: ListModifiers) => void;
  /** Ctrl+C, Ctrl+V, Delete and other keys while the list has focus. */
  onKey?: (event: KeyboardEvent) => void;
  emptyText?: string;
  /** The list's fixed height; it scrolls inside it. */
  height?: string;
  /** Instead of a fixed height: the list is as tall as its options, up to this, then scrolls. */
  maxHeight?: string;
}

interface OptionProps<T> {
  item: T;
  index: number;
  id: number;
  selected: boolean;
  /** The list's latest renderItem and itemLabel, read through a ref so options stay memoised. */
  view: { current: Pick<SelectableListProps<T>, 'renderItem' | 'itemLabel'> };
  onPick: (key: number, event: MouseEvent) => void;
}

/** The look of an option; a plain element, since a long list of Mantine components renders slowly. */
const OPTION_STYLE: CSSProperties = {
  cursor: 'pointer',
  userSelect: 'none',
  padding: '4px var(--mantine-spacing-xs)',
  borderRadius: 'var(--mantine-radius-sm)',
  fontSize: 'var(--mantine-font-size-sm)',
};
const SELECTED_STYLE: CSSProperties = { ...OPTION_STYLE, background: 'var(--mantine-primary-color-light)' };

/** One option; memoised on its item, place and selection, so a 500-step list re-renders only what changed. */
const Option = memo(function Option<T>({ item, index, id, selected, view, onPick }: OptionProps<T>) {
  return (
    <div
      role="option"
      aria-selected={selected}
      aria-label={view.current.itemLabel(item, index)}
      data-key={id}
      tabIndex={-1}
      onClick={(event: MouseEvent) => onPick(id, event)}
      style={selected ? SELECTED_STYLE : OPTION_STYLE}
    >
      {view.current.renderItem(item, index)}
    </div>
  );
}) as <T>(props: OptionProps<T>) => ReactNode;

/**
 * A column's list to select from (CONVENTIONS.md section 8: a listbox of options with
 * aria-selected, arrows move the selection). The list itself holds the focus; the arrow keys
 * select the previous or next option (with shift, extend a multiple selection).
 */
export function SelectableList<T>({
  label,
  items,
  itemKey,
  renderItem,
  itemLabel,
  selected,
  multiple = false,
  onSelect,
  onKey,
  emptyText,
  height = '60vh',
  maxHeight,
}: SelectableListProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const keys = items.map(itemKey);
  const focusKey = keys.filter((k) => selected.has(k)).at(-1);
  const pick = useRef(onSelect);
  pick.current = onSelect;
  const view = useRef({ renderItem, itemLabel });
  view.current = { renderItem, itemLabel };
  // the option last clicked: it is in view, so selecting it needs no scroll (scrolling into view
  // forces a layout of the whole screen before the next frame)
  const clicked = useRef<number | undefined>(undefined);
  const onPick = useRef((key: number, event: MouseEvent) => {
    clicked.current = key;
    pick.current(key, { shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey });
  }).current;

  // the selected option stays in view (after an add, a paste, a move or an arrow key)
  useEffect(() => {
    const wasClicked = focusKey === clicked.current;
    clicked.current = undefined;
    if (focusKey === undefined || wasClicked) return;
    const option = box.current?.querySelector(`[data-key="${focusKey}"]`);
    void (option as HTMLElement | null)?.scrollIntoView?.({ block: 'nearest' });
  }, [focusKey]);

  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (keys.length === 0) return;
      const at = focusKey === undefined ? -1 : keys.indexOf(focusKey);
      const next = event.key === 'ArrowDown' ? Math.min(at + 1, keys.length - 1) : Math.max(at - 1, 0);
      onSelect(keys[next] as number, { shift: multiple && event.shiftKey, ctrl: false });
      return;
    }
    onKey?.(event);
  };

  const listbox = (
    <Box
      ref={box}
      role="listbox"
      aria-label={label}
      aria-multiselectable={multiple || undefined}
      tabIndex={0}
      onKeyDown={keyDown}
      mih="100%"
      style={{ outlineOffset: -2 }}
    >
      {items.length === 0 && emptyText ? (
        <Box c="dimmed" px="xs" py={4} fz="sm">
          {emptyText}
        </Box>
      ) : (
        items.map((item, index) => {
          const key = itemKey(item);
          return (
            <Option
              key={key}
              item={item}
              index={index}
              id={key}
              selected={selected.has(key)}
              view={view}
              onPick={onPick}
            />
          );
        })
      )}
    </Box>
  );
  return (
    // the browser's own scrolling: Mantine's ScrollArea measures its bars on every frame, which
    // cost each selection in a 500-step list a forced layout (docs/performance.md). With
    // maxHeight the list is as tall as its rows up to that, then scrolls; its rows cut their
    // names with an ellipsis, so it is never wider than its column
    <div style={maxHeight ? { maxHeight, overflowY: 'auto' } : { height, overflowY: 'auto' }}>{listbox}</div>
  );
}
