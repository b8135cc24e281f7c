import type { BannerConfig } from './banner.ts';

/** Puts the promotional banner at the top of the page; its text is plain text from the config. */
export function drawPromoBanner(banner: BannerConfig, baseUrl: string, closeLabel: string, onClose: () => void): void {
  const bar = document.createElement('div');
  bar.className = 'promo-banner';
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', banner.content);
  const text = document.createElement(banner.href ? 'a' : 'span');
  text.textContent = banner.content;
  if (text instanceof HTMLAnchorElement && banner.href)
    text.href = /^https?:/.test(banner.href) ? banner.href : baseUrl + banner.href.replace(/^\//, '');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'promo-banner__close';
  close.setAttribute('aria-label', closeLabel);
  close.textContent = '×';
  close.addEventListener('click', () => {
    onClose();
    bar.remove();
  });
  bar.append(text, close);
  document.body.prepend(bar);
}
