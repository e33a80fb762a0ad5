import { act, render, screen } from '@testing-library/react';
import { ChartBox } from './ChartBox';

/**
 * jsdom has no IntersectionObserver; the browser's is stood in for by one whose entries the test
 * sends, as the browser sends them when the page scrolls.
 */
class ScrolledObserver {
  static current: ScrolledObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly report: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    ScrolledObserver.current.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  scrolled(isIntersecting: boolean) {
    act(() => this.report([{ isIntersecting }]));
  }
}

const canvas = { role: 'img', 'aria-label': 'Individuals chart of IL max' } as const;
const renderBox = () =>
  render(
    <ChartBox height={300} canvas={canvas}>
      <canvas {...canvas} data-drawn="true" />
    </ChartBox>,
  );

/** Lays every element out `top` pixels down the page (jsdom lays out nothing: all at 0). */
const laidOutAt = (top: number) =>
  jest
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockReturnValue({ top, bottom: top + 300, left: 0, right: 800, width: 800, height: 300 } as DOMRect);

describe('ChartBox', () => {
  beforeEach(() => {
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = ScrolledObserver;
  });
  afterEach(() => {
    jest.restoreAllMocks();
    ScrolledObserver.current = [];
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('holds a blank canvas of the same name, as tall as the chart, until the box comes near the viewport', () => {
    laidOutAt(window.innerHeight + 400);
    const { container } = renderBox();
    const blank = screen.getByRole('img', { name: 'Individuals chart of IL max' });
    expect(blank).not.toHaveAttribute('data-drawn');
    expect((container.firstChild as HTMLElement).style.height).toBe('300px');
    const [observer] = ScrolledObserver.current;
    expect(observer!.observed).toEqual([container.firstChild]);
    // reached a little before it scrolls into view
    expect(observer!.options.rootMargin).toBe('100px 0px');

    observer!.scrolled(false);
    expect(screen.getByRole('img')).not.toHaveAttribute('data-drawn');

    observer!.scrolled(true);
    expect(screen.getByRole('img', { name: 'Individuals chart of IL max' })).toHaveAttribute(
      'data-drawn',
      'true',
    );
    expect(observer!.disconnected).toBe(true);
  });

  it('keeps the chart once made, whatever the scroll does after', () => {
    laidOutAt(window.innerHeight + 400);
    renderBox();
    const [observer] = ScrolledObserver.current;
    observer!.scrolled(true);
    observer!.scrolled(false);
    expect(screen.getByRole('img')).toHaveAttribute('data-drawn', 'true');
    expect(ScrolledObserver.current).toHaveLength(1);
  });

  it('makes the chart before the first paint when the box is in view, or just below it', () => {
    laidOutAt(window.innerHeight + 50);
    renderBox();
    expect(screen.getByRole('img')).toHaveAttribute('data-drawn', 'true');
    expect(ScrolledObserver.current).toEqual([]);
  });

  it('makes the chart at once where the browser cannot tell where the box is', () => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    renderBox();
    expect(screen.getByRole('img')).toHaveAttribute('data-drawn', 'true');
  });
});
