import { readFileSync } from 'node:fs';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 rules of levels A and AA (issue 28: "screens everyone can use"). */
export const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let source: string | undefined;

/**
 * Runs axe-core in the page and answers its violations, one line per element. The API's policy
 * allows no inline script (`script-src 'self'`, apps/api/src/common/security-headers.ts), so a
 * `<script>` with the source (addScriptTag's content) would be blocked; an evaluation from the
 * test's own connection to the browser is not a page script, and the policy leaves it alone.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(source);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    WCAG_A_AA,
  );
  return results.violations.flatMap(describe);
}

/** '[serious] color-contrast: .mantine-Button-label (Element has insufficient color contrast of 3.55 …)' */
function describe(violation: Result): string[] {
  return violation.nodes.map(
    (node) =>
      `[${violation.impact ?? 'unknown'}] ${violation.id}: ${node.target.join(' ')} (${
        node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? violation.help
      })`,
  );
}
