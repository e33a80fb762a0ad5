import { Tooltip, type TooltipProps } from '@mantine/core';
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type MouseEvent,
  type ReactElement,
} from 'react';

export type LazyTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'opened' | 'openDelay'> & {
  /** The element the tooltip names; it keeps its own mouse handlers. */
  children: ReactElement<HTMLAttributes<HTMLElement>>;
  openDelay?: number;
};

/**
 * Mantine's Tooltip, mounted only while the pointer rests on its element. A mounted Tooltip runs
 * floating-ui's hooks on every render even when closed, which made a screen with dozens of tool
 * buttons and flagged rows slow to paint (docs/performance.md); this one costs two handlers until
 * it is needed. The element is never re-created, so its focus and state survive the tooltip.
 */
export function LazyTooltip({ children, openDelay = 0, ...tooltip }: LazyTooltipProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const element = cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseEnter?.(event);
      const hovered = event.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setTarget(hovered), openDelay);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseLeave?.(event);
      clearTimeout(timer.current);
      setTarget(null);
    },
  });
  return (
    <>
      {element}
      {target && <Tooltip {...tooltip} target={target} opened />}
    </>
  );
}
