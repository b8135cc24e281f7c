import { isOutdatedChromium, type BrowserIdentity } from '../shared/browser.ts';

/** SPEC §5/§8: a Chromium engine older than the configured minimum gets a notice to update the browser. */
export function checkBrowser(
  minVersion: number,
  message: string,
  identity: BrowserIdentity = navigator as unknown as BrowserIdentity,
): void {
  document.querySelector('.browser-outdated')?.remove();
  if (!isOutdatedChromium(identity, minVersion)) return;
  const notice = document.createElement('div');
  notice.className = 'browser-outdated';
  notice.setAttribute('role', 'alert');
  notice.textContent = message;
  document.body.prepend(notice);
}
