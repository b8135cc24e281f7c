// Renders the social card (static/img/social-card.svg, the source) to the PNG that pages name as their
// og:image (static/img/social-card.png): link previews on Facebook, X, LinkedIn and in messengers show
// no SVG. Run after changing the SVG: node scripts/social-card.mjs (needs Chromium at /usr/bin/chromium
// or CHROMIUM_PATH).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(repo, 'static/img/social-card.svg');
const target = path.join(repo, 'static/img/social-card.png');
const svg = await readFile(source, 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(`<!DOCTYPE html><html><body style="margin:0">${svg}</body></html>`);
  await page.screenshot({ path: target, clip: { x: 0, y: 0, width: 1200, height: 630 } });
  console.log(`Wrote ${path.relative(repo, target)}`);
} finally {
  await browser.close();
}
