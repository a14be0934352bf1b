import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';

const artifactsDir = fileURLToPath(new URL('../../artifacts/screenshots', import.meta.url));

/** Saves a full-page screenshot per project (desktop / phone) for reviewers to look at. */
export const saveScreenshot = async (page: Page, testInfo: TestInfo, name: string) => {
  const dir = path.join(artifactsDir, testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};
