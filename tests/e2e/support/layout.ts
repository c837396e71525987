import type { Page } from 'playwright-core';

/** Every visible control of the page whose box is not wholly inside the window's width. */
export function controlsOutsideViewport(page: Page) {
  return page.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, summary, [role="tab"], [role="menuitem"], [tabindex]';
    const out: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // 1 px and clipped: the toast area's visually hidden focus helpers, not something to tap.
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden') continue;
      // Kept off screen on purpose (the light copy behind a dark preview) and hidden from everyone.
      if (element.closest('[aria-hidden="true"]')) continue;
      if (rect.left < -0.5 || rect.right > window.innerWidth + 0.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        out.push(`${element.tagName} "${name}" ${Math.round(rect.left)}–${Math.round(rect.right)}`);
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page scrolls sideways');
    return out;
  });
}
