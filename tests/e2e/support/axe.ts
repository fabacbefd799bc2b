import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core in the page and returns the serious and critical violations (WCAG 2.1 AA rules). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // axe measures colours as drawn: let entrance animations (a snackbar sliding in from transparent)
  // finish first, or a half-faded element reads as low contrast. Endless ones (spinners) are skipped.
  // Calls a page makes on entry may still add content (a notification): let them settle first.
  // An element added just after that (a notification rendered when an answer arrives) starts its
  // animation late: wait until two looks 150 ms apart find nothing finite still running.
  // A page that follows a stream (a deep research run) never goes idle: wait for that at most 5 s.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  // (No named functions inside: tsx would wrap them in a helper the page does not have.)
  await page.evaluate(async () => {
    const deadline = performance.now() + 5000;
    let quiet = 0;
    while (quiet < 2 && performance.now() < deadline) {
      const animations = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      if (animations.length === 0) quiet += 1;
      else {
        quiet = 0;
        await Promise.all(animations.map((animation) => animation.finished.catch(() => undefined)));
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  });
  // Evaluated through the DevTools protocol: the portal's CSP (rightly) refuses injected <script> tags.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as {
      axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[]; passes: unknown[] }> };
    }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return {
      checked: result.passes.length,
      violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })),
    };
  });
  // A run that checked nothing would pass silently: insist that rules actually ran on the page.
  if (violations.checked === 0) throw new Error('axe-core checked no rule on this page');
  return violations.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');
}
