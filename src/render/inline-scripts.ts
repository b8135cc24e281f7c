import type { Route, Site, SiteConfig } from '../types.ts';
import { CONSENT_KEY, consentModeOf } from '../shared/consent.ts';

/**
 * Storage keys the pre-paint script and the client share. SPEC names `theme`; ours use the `quire.` prefix. All in
 * localStorage but `sidebarHidden`, in sessionStorage (see sidebarPrePaintScript).
 */
export const STORAGE_KEYS = {
  theme: 'theme',
  announcementId: 'quire.announcement.id',
  announcementDismiss: 'quire.announcement.dismiss',
  sidebarHidden: 'quire.docs.sidebar.hidden',
} as const;

/**
 * One small inline script in `<head>`, run before first paint:
 * - colour mode (see `colorModeScript`);
 * - hides the announcement bar when it was dismissed for the same id (no flash);
 * - the docs sidebar hidden or shown, where visitors may hide it (see `sidebarPrePaintScript`);
 * - shows the wrong-base-URL warning when the page is served outside the configured base path.
 */
export function inlineScripts(site: Site, route: Route): string {
  const { config, messages } = site;
  const parts: string[] = [];
  parts.push(colorModeScript(config.colorMode));
  if (config.announcementBar) {
    parts.push(
      `try{var d=localStorage.getItem(${q(STORAGE_KEYS.announcementId)})===${q(config.announcementBar.id)}&&localStorage.getItem(${q(STORAGE_KEYS.announcementDismiss)})==='true';document.documentElement.setAttribute('data-announcement-dismissed',String(d))}catch(e){}`,
    );
  }
  if (config.consent) parts.push(consentPrePaintScript(config.consent.version));
  if (config.docs.sidebar.hideable) parts.push(sidebarPrePaintScript());
  if (route.kind !== 'notFound') {
    // The page knows its own path, so the base that would work is the address minus that path. The URLs are
    // <code dir="ltr">, so they read left to right on right-to-left pages too.
    const own = route.path.slice(1);
    const texts = {
      title: messages['baseUrlIssue.title'] ?? 'The site did not load properly.',
      reason: messages['baseUrlIssue.reason'] ?? 'A common reason is a wrong base URL configuration.',
      current: messages['baseUrlIssue.current'] ?? 'Configured base URL:',
      suggestion: messages['baseUrlIssue.suggestion'] ?? 'Try this base URL:',
    };
    parts.push(
      `document.addEventListener('DOMContentLoaded',function(){var b=${q(config.baseUrl)},p=location.pathname,o=${q(own)};if(p.indexOf(b)===0)return;var s=p;try{s=decodeURI(p)}catch(e){}var i=o&&s.lastIndexOf(o);var g=(o&&i>=0&&i+o.length>=s.length-1)?s.slice(0,i):s.replace(/[^/]*$/,'');if(g.slice(-1)!=='/')g+='/';var t=${q(texts)};var e=document.createElement('div');e.id='base-url-issue';e.setAttribute('role','alert');var h=document.createElement('p');h.className='base-url-issue__title';h.textContent=t.title;var r=document.createElement('p');r.textContent=t.reason;function l(x,v){var p=document.createElement('p'),k=document.createElement('code');p.textContent=x+' ';k.textContent=v;k.dir='ltr';p.append(k);return p}e.append(h,r,l(t.current,b),l(t.suggestion,g));document.body.prepend(e)});`,
    );
  }
  return parts.join('\n');
}

/**
 * Sets `html[data-theme]` (light or dark) and `html[data-theme-choice]` (light, dark or system) before paint,
 * so a stored dark mode never flashes light (SPEC §4, REFERENCE §2):
 * - switch enabled: the stored `theme`, else the system preference when respected, else the default mode;
 * - switch disabled: the system preference when respected, else the configured mode; a stale stored choice is
 *   deleted, so it cannot come back if the switch is enabled later.
 * The server already renders the default mode, so without JavaScript the page is in that mode.
 */
export function colorModeScript(colorMode: SiteConfig['colorMode']): string {
  const { defaultMode, disableSwitch, respectPrefersColorScheme } = colorMode;
  const stored = disableSwitch
    ? `localStorage.removeItem(${q(STORAGE_KEYS.theme)})`
    : `s=localStorage.getItem(${q(STORAGE_KEYS.theme)});if(s!=='dark'&&s!=='light')s=null`;
  const system = respectPrefersColorScheme
    ? `if(!s&&window.matchMedia){c='system';m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}`
    : '';
  return `(function(){var h=document.documentElement,s=null,m=${q(defaultMode)},c=m;try{${stored}}catch(e){}if(s){m=c=s}${system}h.setAttribute('data-theme',m);h.setAttribute('data-theme-choice',c)})();`;
}

/**
 * Consent (README "Going live in Germany"): `html[data-consent]` is `set` when a choice for this consent version
 * is stored, else `ask`, which shows the banner from the first paint (CSS), so it never pops in. Without
 * JavaScript the attribute is missing and the banner stays hidden, as nothing that needs consent can load then.
 */
export function consentPrePaintScript(version: string): string {
  return `(function(){var s='ask';try{var c=JSON.parse(localStorage.getItem(${q(CONSENT_KEY)})||'null');if(c&&c.v===${q(version)}&&c.c&&typeof c.t==='string')s='set'}catch(e){}document.documentElement.setAttribute('data-consent',s)})();`;
}

/**
 * `docs.sidebar.hideable`: `html[data-doc-sidebar]` is `hidden` when the visitor hid the docs sidebar earlier in
 * this tab, else `shown`, so a hidden sidebar never shows for a moment on the next page. sessionStorage, as the
 * choice is for the visit (Docusaurus keeps it while one moves between its docs pages), not for the next one.
 */
export function sidebarPrePaintScript(): string {
  return `(function(){var s='shown';try{if(sessionStorage.getItem(${q(STORAGE_KEYS.sidebarHidden)})==='true')s='hidden'}catch(e){}document.documentElement.setAttribute('data-doc-sidebar',s)})();`;
}

/**
 * Google Consent Mode v2 defaults, in the data layer before the container can load: every storage denied until
 * the visitor's choice says otherwise (the client sends the update, then loads the container).
 */
export function consentModeDefaultsScript(): string {
  return `window.dataLayer=window.dataLayer||[];window.gtag=window.gtag||function(){window.dataLayer.push(arguments)};window.gtag('consent','default',${q({ ...consentModeOf(undefined), wait_for_update: 500 })});`;
}

function q(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
