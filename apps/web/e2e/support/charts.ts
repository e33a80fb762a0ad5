import type { Locator, Page } from 'playwright-core';

/**
 * The chart whose canvas is named `name`, once drawn. A chart is made when it comes near the
 * viewport (libs/ui `ChartBox`), so it is scrolled into view first, as a person scrolls to it.
 */
export async function drawnChart(page: Page, name: RegExp, timeout?: number): Promise<Locator> {
  const chart = page.getByRole('img', { name });
  await chart.scrollIntoViewIfNeeded({ timeout });
  const drawn = chart.and(page.locator('canvas[data-drawn="true"]'));
  await drawn.waitFor({ timeout });
  return drawn;
}
