import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** The page's animations that end (not a spinner's), waited for. */
const animationsEnded = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/**
 * The accessibility scan's violations on the settled page. A scan during an animation measures
 * the colours half-way: in CI on a busy machine a dialog fading in had its link at contrast 4.05
 * on #eeeeee, and a toast that appeared during the scan its title at 2.41 (session 16). So the
 * scan waits for the animations to end, and a scan that finds violations waits and looks again,
 * up to three times: what stays is what the settled page has. `include` scans only its selection.
 */
export const axeViolations = async (page: Page, include?: string): Promise<Result[]> => {
  let violations: Result[] = [];
  for (let look = 0; look < 3; look++) {
    if (look > 0) await page.waitForTimeout(500);
    await animationsEnded(page);
    const builder = new AxeBuilder({ page });
    violations = (await (include ? builder.include(include) : builder).analyze()).violations;
    if (violations.length === 0) return violations;
  }
  return violations;
};
