import { expect, type Page } from '@playwright/test';

/**
 * A toast with the text shows; it is then closed, so the next check of the same text (toasts
 * stay 5 s) is about a new toast.
 */
export const expectToast = async (page: Page, text: string) => {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
};

/** yyyy-MM-dd of a UTC day, `daysAgo` before today (the date inputs' value format). */
export const isoDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Opens a screen from the main navigation and waits for its heading. */
export const openScreen = async (page: Page, link: string, heading: string | RegExp) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
};

/** The value of one field of the invoice details, by its label. */
export const invoiceField = (page: Page, label: string) =>
  page
    .locator('.bo-invoice-field')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd');
