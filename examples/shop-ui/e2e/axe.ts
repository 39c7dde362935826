/**
 * axe-core in the page under test: the script is injected by Playwright (nothing in the app
 * loads it) and run on the whole document.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** One rule an element breaks, as a line for a failure message. */
export interface Violation {
  rule: string;
  impact: string;
  /** "rule (impact): selector — what to fix". */
  summary: string;
}

/**
 * Rules whose "needs review" results count as failures here. axe only asks for a review of an
 * `aria-label` on an element with no role (a plain `<span>`) when it has text, yet screen readers
 * ignore or misread such a label either way.
 */
const REVIEW_AS_FAILURE = ['aria-prohibited-attr'];

/**
 * The rules axe finds broken on the page. `label-content-name-mismatch` (the visible text of a
 * control must be part of its accessible name, WCAG 2.5.3) is experimental in axe, so it is
 * turned on here.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (reviewAsFailure) => {
    const { violations, incomplete } = await (window as unknown as { axe: typeof axe }).axe.run(
      document,
      { rules: { 'label-content-name-mismatch': { enabled: true } } },
    );
    const failures = [
      ...violations,
      ...incomplete.filter((result) => reviewAsFailure.includes(result.id)),
    ];
    return failures.flatMap((result) =>
      result.nodes.map((node) => ({
        rule: result.id,
        impact: result.impact ?? 'unknown',
        summary: `${result.id} (${result.impact ?? '?'}): ${node.target.join(' ')} — ${
          node.failureSummary?.replace(/\s+/g, ' ') ?? result.help
        }`,
      })),
    );
  }, REVIEW_AS_FAILURE);
}

/** The violations a page must not have: serious or critical ones, and any of `rules`. */
export async function blockingViolations(
  page: Page,
  rules: readonly string[] = [],
): Promise<string[]> {
  const violations = await axeViolations(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || rules.includes(v.rule))
    .map((v) => v.summary);
}
