import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * What every wizard's screen must hold at any width: nothing wider than the
 * viewport, no label of its form cut short, and a refused step marked where people see it.
 */

/** Nothing on the page is wider than the viewport, and no label of the wizard's form ends in an ellipsis. */
export async function expectFits(page: Page): Promise<void> {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth, 'page wider than the viewport').toBeLessThanOrEqual(width);
  const cut = await page
    .locator('form label')
    .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent));
  expect(cut, 'labels cut short').toEqual([]);
}

/** The line under the steps names `steps` in the error colour, and each of them shows a red "!" instead of its number. */
export async function expectStepMarked(page: Page, lead: string, steps: readonly string[]): Promise<void> {
  const line = page.getByText(`${lead}: ${steps.map((step) => step.replace(/^\d+\. /, '')).join(', ')}`, { exact: true });
  await line.waitFor();
  expect(await line.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(211, 47, 47)');
  for (const step of steps) {
    const marker = page.getByRole('list', { name: 'Шаги мастера' }).getByRole('button', { name: step, exact: true });
    expect((await marker.innerText()).split('\n')[0]).toBe('!');
    expect(await marker.getAttribute('aria-describedby')).not.toBeNull();
  }
}

/** The field (or the field labelled so) says `message` under it and is marked invalid; the first such field has the focus. */
export async function expectFieldError(page: Page, label: string | Locator, message: string, focused = true): Promise<void> {
  const field = typeof label === 'string' ? page.getByLabel(label) : label;
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const helper = await field.getAttribute('aria-describedby');
  expect(helper).not.toBeNull();
  expect((await page.locator(`[id="${helper}"]`).innerText()).trim()).toBe(message);
  if (focused) await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
}
