import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The accessibility scan's violations once the page's animations have ended: a dialog fades and
 * zooms in for 150 ms, and a scan during it measured the half-transparent dialog over its dark
 * overlay (a link at contrast 4.05 on #eeeeee, in CI on a busy machine, session 16). Animations
 * that never end, such as a spinner, are not waited for. `include` scans only what it selects.
 */
export const axeViolations = async (page: Page, include?: string) => {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page });
  return (await (include ? builder.include(include) : builder).analyze()).violations;
};
