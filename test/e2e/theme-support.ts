import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildSite } from '../../src/build.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { repoRoot } from '../helpers.ts';

/** Helpers of the theme's browser tests (theme-*.test.ts): pages as a visitor opens them, axe, variant builds. */

export interface VisitorPage {
  page: Page;
  /** Errors thrown by our own scripts and console errors from our own origin. */
  errors: string[];
}

/** A new page with the tag manager blocked (unreachable here) and our own errors collected. */
export async function openPage(
  browser: Browser,
  url: string,
  options: { width?: number; height?: number; javaScriptEnabled?: boolean; colorScheme?: 'light' | 'dark'; init?: () => void } = {},
): Promise<VisitorPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const origin = new URL(url).origin;
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && m.location().url.startsWith(origin) && errors.push(m.text()));
  await page.route(/googletagmanager\.com/, (r) => r.abort());
  if (options.init) await page.addInitScript(options.init);
  await page.goto(url);
  // Closing the page closes its own context, so every test leaves the browser as it found it.
  page.on('close', () => void context.close().catch(() => undefined));
  return { page, errors };
}

let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core (every rule: WCAG 2.x A/AA and best practices) on the page as it is now. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // The global the injected axe-core script defines.
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  });
}

/**
 * Elements that stick out of the viewport sideways (outside a scroll container of their own), and how far
 * the document scrolls sideways. Both must be zero for "no horizontal scroll".
 */
export async function sidewaysOverflow(page: Page): Promise<{ scroll: number; elements: string[] }> {
  return page.evaluate(() => {
    // The page's own width: headless Chromium hides scrollbars but still keeps their room where the theme
    // asks for it (scrollbar-gutter), so this can be less than the viewport's.
    const width = document.documentElement.getBoundingClientRect().width;
    const insideScroller = (el: Element) => {
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return false;
    };
    const elements: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!rect.width || !rect.height || style.visibility === 'hidden' || style.position === 'fixed') continue;
      if ((rect.right > width + 0.5 || rect.left < -0.5) && !insideScroller(el))
        elements.push(`${el.tagName.toLowerCase()}.${String(el.className)} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`);
    }
    return { scroll: document.documentElement.scrollWidth - width, elements: elements.slice(0, 5) };
  });
}

/** What a focused element shows: its outline (style and width) or a box shadow. */
export async function focusIndicator(page: Page): Promise<{ element: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { element: 'body', visible: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== 'none';
    const label = `${el.tagName.toLowerCase()}.${String(el.className)} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    return { element: label, visible: outline || shadow };
  });
}

/**
 * Builds the real site with a variant of its config (spread over site.config.ts) and/or another locale
 * into a temporary folder. Returns the dist folder and a cleanup.
 */
export async function buildVariant(options: { locale?: string; config?: string }): Promise<{ dist: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-theme-'));
  let configFile: string | undefined;
  if (options.config) {
    configFile = path.join(dir, 'variant.config.ts');
    await writeFile(
      configFile,
      `import base from ${JSON.stringify(path.join(repoRoot, 'site.config.ts'))};\nexport default { ...base, ${options.config} };\n`,
    );
  }
  const dist = path.join(dir, 'dist');
  const result = await buildSite({
    root: repoRoot,
    toolRoot: repoRoot,
    theme: classicTheme,
    outDir: dist,
    cacheDir: false,
    locale: options.locale,
    configFile,
  });
  if (!result.ok) throw new Error('The variant did not build:\n' + result.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return { dist, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
