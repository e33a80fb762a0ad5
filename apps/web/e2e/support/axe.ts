import { readFileSync } from 'node:fs';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 rules of levels A and AA (issue 28: "screens everyone can use"). */
export const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Besides those, best-practice rules the issues name: the page's structure of headings (issue
 * 28: a level-one heading on every screen, and no level skipped), and a name for every table
 * header, an icon column's too (issue 38).
 */
export const BEST_PRACTICE_RULES = ['page-has-heading-one', 'heading-order', 'empty-table-header'];

/** The part of axe's API used here, as the page's global. */
interface Axe {
  run(context: Document, options: object): Promise<AxeResults>;
  getRules(tags: string[]): { ruleId: string }[];
}

let source: string | undefined;

/**
 * Runs axe-core in the page and answers its violations, one line per element. The API's policy
 * allows no inline script (`script-src 'self'`, apps/api/src/common/security-headers.ts), so a
 * `<script>` with the source (addScriptTag's content) would be blocked; an evaluation from the
 * test's own connection to the browser is not a page script, and the policy leaves it alone.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // a message fading in is checked at full strength: axe blends a half-transparent text's colour
  // with its background (a 'Copied' notification mid-fade read 3.4:1, black once shown); endless
  // animations (a loader's spin) are not waited for
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(source);
  const results = await page.evaluate(
    ({ tags, extra }) => {
      const { axe } = window as unknown as { axe: Axe };
      // axe's experimental rules are off in its own default run: they may report what is not wrong
      const rules: Record<string, { enabled: boolean }> = {};
      for (const rule of axe.getRules(['experimental'])) rules[rule.ruleId] = { enabled: false };
      for (const id of extra) rules[id] = { enabled: true };
      return axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
    },
    { tags: WCAG_A_AA, extra: BEST_PRACTICE_RULES },
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
