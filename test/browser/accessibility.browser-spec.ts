import { readFileSync } from 'node:fs';

import { openPage, useBrowser, waitForHydration } from './support/browser';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const PAGES = [
  '/',
  '/about/',
  '/tours/',
  '/tours/?location=Abisko',
  '/tours/northern-lights/',
  '/tours/drive-your-own-dog-sled-team/',
  '/faq/',
  '/blog/',
  '/blog/how-to-photograph-the-northern-lights-with-your-phone/',
  '/contact/',
  '/privacy/',
  '/no-such-page/',
];

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

describe('Accessibility (axe-core, WCAG 2.2 AA)', () => {
  const chromium = useBrowser();

  it.each(PAGES)('reports no violations on %s', async (path) => {
    const { page } = await openPage(chromium.browser);
    await page.goto(path);
    await waitForHydration(page);
    // Evaluated through the DevTools protocol, so the page's CSP does not block it.
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
      return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }));
    });
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
