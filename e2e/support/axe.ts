import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type AxeViolation = AxeResults['violations'][number];

/** The impacts that fail a screen; minor and moderate findings are left to reviews. */
const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/** One line per rule and one per element it found, with the selector and axe's summary. */
export const describeViolations = (violations: readonly AxeViolation[]): string =>
  violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const target = node.target.map((part) => JSON.stringify(part)).join(' > ');
        // axe's summary is 'Fix any of the following:' and one reason per line: keep the first.
        const reasons = (node.failureSummary ?? '')
          .split('\n')
          .slice(1)
          .map((line) => line.trim())
          .filter(Boolean);
        const more = reasons.length > 1 ? ` (+${reasons.length - 1} more)` : '';
        return `    - ${target}${reasons[0] ? `: ${reasons[0]}${more}` : ''}`;
      });
      return [
        `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
        ...nodes,
      ].join('\n');
    })
    .join('\n');

/**
 * Runs axe-core (every rule it enables by default: WCAG 2.x A and AA and its best practices) on
 * the page as it is now and fails with a readable list (rule id, impact, target
 * selectors) when any violation is serious or critical. `context` names the screen in the message,
 * e.g. 'invoice details'. Returns every violation, so a caller may also look at the minor ones.
 */
export const expectNoSeriousA11yViolations = async (
  page: Page,
  context = page.url(),
): Promise<AxeViolation[]> => {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) =>
    BLOCKING_IMPACTS.has(violation.impact ?? ''),
  );
  // Compared as text, so a failure shows the readable list rather than axe's raw objects.
  expect(
    describeViolations(blocking),
    `serious or critical accessibility violations on ${context}`,
  ).toBe('');
  return results.violations;
};

/**
 * WCAG 1.4.10 Reflow: the page is no wider than the viewport, so nothing needs scrolling
 * sideways (content in its own horizontal scroll container, like a wide table, is fine). Fails
 * with the outermost elements that stick out past the right edge, and their widths. `soft`
 * records the failure and goes on, to check several screens in one test.
 */
export const expectNoHorizontalOverflow = async (
  page: Page,
  context = page.url(),
  { soft = false }: { soft?: boolean } = {},
) => {
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > width + 1;
    /**
     * Clipped by a scroll container that itself fits: not the page's overflow. An absolutely
     * positioned element escapes the containers outside its containing block (a visually hidden
     * text in a scrolling table with no positioned ancestor widens the page).
     */
    const contained = (element: Element) => {
      const position = getComputedStyle(element).position;
      if (position === 'fixed') return false;
      const containingBlock =
        position === 'absolute' && element instanceof HTMLElement ? element.offsetParent : null;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) return false;
        const overflow = getComputedStyle(parent).overflowX;
        const clips =
          overflow !== 'visible' &&
          overflow !== 'clip' &&
          (position !== 'absolute' ||
            (containingBlock !== null &&
              (parent === containingBlock || parent.contains(containingBlock))));
        if (clips && !sticksOut(parent)) return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const parts: string[] = [];
      for (
        let node: Element | null = element;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const classes =
          typeof node.className === 'string' ? node.className.trim().split(/\s+/) : [];
        parts.unshift(`${node.tagName.toLowerCase()}${classes[0] ? `.${classes[0]}` : ''}`);
      }
      const box = element.getBoundingClientRect();
      return `${parts.slice(-4).join(' > ')} (${Math.round(box.width)} px wide, right edge at ${Math.round(box.right)} px)`;
    };
    const isOutermost = (element: Element) => {
      const parent = element.parentElement;
      // An absolutely positioned element is measured on its own, whatever its parent does.
      const escapes = getComputedStyle(element).position === 'absolute';
      return escapes || !(parent && sticksOut(parent) && !contained(parent));
    };
    const outermost = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => sticksOut(element) && !contained(element) && isOutermost(element),
    );
    // The same kind of element repeated (one per table row) is listed once, with a count.
    const counts = new Map<string, number>();
    for (const text of outermost.map(describe)) counts.set(text, (counts.get(text) ?? 0) + 1);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: width,
      culprits: [...counts]
        .slice(0, 8)
        .map(([text, count]) => (count > 1 ? `${text} ×${count}` : text)),
    };
  });
  (soft ? expect.soft : expect)(
    scrollWidth <= clientWidth ? '' : [`page ${scrollWidth} px wide`, ...culprits].join('\n'),
    `${context} is wider than the ${clientWidth} px viewport`,
  ).toBe('');
};
