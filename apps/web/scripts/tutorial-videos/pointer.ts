import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * Headless chromium draws no mouse pointer, and a video where buttons press themselves is hard to
 * follow: every page of the recording gets a drawn arrow that follows the mouse and a ring on
 * each click. It is added by the browser (an init script), not by the web app.
 */
export async function drawPointer(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: POINTER_SCRIPT });
}

// a string, not a function: tsx would wrap a function's inner functions in a helper the page lacks
const POINTER_SCRIPT = `
(() => {
  const install = () => {
    const arrow = document.createElement('div');
    arrow.setAttribute('aria-hidden', 'true');
    arrow.style.cssText =
      'position:fixed;left:0;top:0;width:0;height:0;z-index:2147483647;pointer-events:none;' +
      'border-left:9px solid transparent;border-right:9px solid transparent;' +
      'border-bottom:22px solid #111;filter:drop-shadow(0 0 1.5px #fff);transform-origin:9px 0';
    document.documentElement.appendChild(arrow);
    const place = (x, y) => (arrow.style.transform = 'translate(' + (x - 9) + 'px,' + y + 'px) rotate(-25deg)');
    place(-50, -50);
    document.addEventListener('mousemove', (event) => place(event.clientX, event.clientY), true);
    document.addEventListener('mousedown', (event) => {
      const ring = document.createElement('div');
      ring.setAttribute('aria-hidden', 'true');
      ring.style.cssText =
        'position:fixed;left:' + (event.clientX - 16) + 'px;top:' + (event.clientY - 16) + 'px;' +
        'width:32px;height:32px;border-radius:50%;border:3px solid #e8590c;' +
        'z-index:2147483646;pointer-events:none';
      document.documentElement.appendChild(ring);
      setTimeout(() => ring.remove(), 450);
    }, true);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', install);
  else install();
})();
`;

/** Moves the pointer to the middle of `target` the way a hand does: in steps, visibly. */
export async function pointAt(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`Nothing to point at: ${String(target)}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 14 });
  await page.waitForTimeout(250);
}

/** Points at `target`, clicks it, and lets the screen answer. */
export async function clickOn(page: Page, target: Locator): Promise<void> {
  await pointAt(page, target);
  await target.click();
  await page.waitForTimeout(600);
}

/** Clicks into a field and types `text` at a person's pace. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await clickOn(page, field);
  await field.pressSequentially(text, { delay: 45 });
  await page.waitForTimeout(300);
}
