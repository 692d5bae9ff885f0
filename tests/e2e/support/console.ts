/**
 * The console as an admin uses it in the e2e tests: the first owner's sign-up through the kit's own
 * pages, its regions and toasts by their accessible names, and the check every console page gets
 * (no serious or critical axe violation, at 1280 px and 768 px, with nothing scrolling sideways).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.js';

/**
 * A 1280 × 900 tab in a browser context of its own (axe opens a page beside the one it checks,
 * which playwright allows only inside a context made with newContext), waiting at most 20 s a
 * step. Every uncaught error of any tab of the context, later ones included, goes into `pageErrors`.
 */
export async function openConsoleTab(browser: Browser, pageErrors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20_000);
  context.on('page', (opened) => opened.on('pageerror', (error) => pageErrors.push(error.message)));
  return context.newPage();
}

/** Signs up a console account (the first one owns the development project) and waits for its projects. */
export async function signUpInConsole(page: Page, apiUrl: string, email: string, password: string) {
  await page.goto(`${apiUrl}/console/handler/sign-up`);
  await page.getByRole('tab', { name: 'Email & Password' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL(/\/console\/projects/);
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
}

/** A section of a console page, by its heading. */
export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A toast saying `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text);

/** What `checkConsolePage` checks beyond axe and sideways scrolling. */
export interface ConsolePageCheck {
  /** Selectors axe cannot enter (a sandboxed iframe of the author's own email). */
  exclude?: string[];
  /** Controls that must stand wholly inside the viewport at 768 px (after scrolling to them). */
  onScreenAt768?: Locator[];
}

/**
 * No serious or critical axe violation on the page as it is, at 1280 px and at 768 px, and nothing
 * of the page scrolling sideways at either (neither the main area nor the document). Ends at
 * 1280 px, whatever fails.
 */
export async function checkConsolePage(page: Page, name: string, options: ConsolePageCheck = {}) {
  try {
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      const at = `${name} at ${width} px`;
      expect(await seriousViolations(page, { exclude: options.exclude }), at).toEqual([]);
      const overflow = await page
        .locator('#console-main')
        .evaluate((main) => main.scrollWidth - main.clientWidth);
      expect(overflow, `${at} scrolls sideways`).toBeLessThanOrEqual(1);
      const pageOverflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(pageOverflow, `${at}: the document scrolls sideways`).toBeLessThanOrEqual(0);
      if (width === 768)
        for (const locator of options.onScreenAt768 ?? []) await expectOnScreen(locator, at, width);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
}

/** `locator` is shown, starting and ending inside a viewport `width` px wide. */
async function expectOnScreen(locator: Locator, at: string, width: number) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, `${at}: ${locator} is shown`).not.toBeNull();
  expect(box!.x, `${at}: ${locator} starts inside the page`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${at}: ${locator} ends inside ${width} px`).toBeLessThanOrEqual(width);
}
