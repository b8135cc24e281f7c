import { setupAnnouncement, setupCurrency, setupDropdowns, setupMobileMenu } from './chrome.ts';
import { readConfig } from './config.ts';
import { setupIslands } from './islands.ts';

/** Entry of the browser bundle: wires the page chrome. Plain TypeScript, no React. */
function start(): void {
  const config = readConfig();
  if (!config) return;
  setupAnnouncement(config);
  setupMobileMenu();
  setupCurrency();
  setupDropdowns();
  setupIslands(config.islands);
  if (/Mac|iPhone|iPad/.test(navigator.platform)) {
    document.querySelectorAll('[data-modifier-key]').forEach((k) => (k.textContent = '⌘'));
  }
}

start();
