/**
 * The accessibility check of every page in CI: axe-core (through its Playwright runner) on the
 * page as it is now; a serious or critical violation fails, listed with the elements it hit.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The serious and critical violations on `page`, one line each (rule, impact, elements). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: page as never }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
