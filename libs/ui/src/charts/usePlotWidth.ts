import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width in pixels of the element `ref` is put on, read before the first paint and again on
 * every resize; undefined until read, 0 when it has no layout (jsdom, a hidden tab). A chart is
 * drawn only once its width is known, so it never lays out points for a width it does not have.
 */
export function usePlotWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => setWidth(Math.round(element.getBoundingClientRect().width));
    read();
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
