import { useLayoutEffect, useState, type RefObject } from 'react';

/** How far beyond the viewport's top and bottom an element counts as near, in CSS pixels. */
const NEAR_PX = 100;

/** Whether `element` is now within the viewport or NEAR_PX of it. */
function nearNow(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return top < window.innerHeight + NEAR_PX && bottom > -NEAR_PX;
}

/**
 * Whether the element `ref` is put on is in or near the viewport; once true it stays true. A chart
 * below the fold is not laid out and drawn in the screen's first load (issue 43: chart.js's first
 * layout and draw is one long task per chart at a phone's CPU) but when the user scrolls towards
 * it. One in view is known before the first paint (a layout effect, the same moment the plot's
 * width is read), so it is drawn as soon as before. True from the start where the browser has no
 * IntersectionObserver (jsdom).
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (nearNow(element)) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: `${NEAR_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
