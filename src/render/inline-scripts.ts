import type { Route, Site } from '../types.ts';

/** localStorage keys the pre-paint script and the client share. SPEC names `theme`; ours use the `quire.` prefix. */
export const STORAGE_KEYS = { theme: 'theme', announcementId: 'quire.announcement.id', announcementDismiss: 'quire.announcement.dismiss' } as const;

/**
 * One small inline script in `<head>`, run before first paint:
 * - colour mode (only when the switch is enabled: stored `theme`, else the system preference if respected);
 * - hides the announcement bar when it was dismissed for the same id (no flash);
 * - shows the wrong-base-URL warning when the page is served outside the configured base path.
 */
export function inlineScripts(site: Site, route: Route): string {
  const { config, messages } = site;
  const parts: string[] = [];
  const { colorMode } = config;
  if (!colorMode.disableSwitch) {
    parts.push(
      `try{var t=localStorage.getItem(${q(STORAGE_KEYS.theme)});if(t!=='dark'&&t!=='light'){t=${colorMode.respectPrefersColorScheme}&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':${q(colorMode.defaultMode)}}document.documentElement.setAttribute('data-theme',t)}catch(e){}`,
    );
  }
  if (config.announcementBar) {
    parts.push(
      `try{var d=localStorage.getItem(${q(STORAGE_KEYS.announcementId)})===${q(config.announcementBar.id)}&&localStorage.getItem(${q(STORAGE_KEYS.announcementDismiss)})==='true';document.documentElement.setAttribute('data-announcement-dismissed',String(d))}catch(e){}`,
    );
  }
  if (route.kind !== 'notFound') {
    // The page knows its own path, so the base that would work is the address minus that path.
    const own = route.path.slice(1);
    const texts = {
      title: messages['baseUrlIssue.title'] ?? 'The site did not load properly.',
      reason: messages['baseUrlIssue.reason'] ?? 'A common reason is a wrong base URL configuration.',
      current: messages['baseUrlIssue.current'] ?? 'Configured base URL:',
      suggestion: messages['baseUrlIssue.suggestion'] ?? 'Try this base URL:',
    };
    parts.push(
      `document.addEventListener('DOMContentLoaded',function(){var b=${q(config.baseUrl)},p=location.pathname,o=${q(own)};if(p.indexOf(b)===0)return;var s=p;try{s=decodeURI(p)}catch(e){}var i=o&&s.lastIndexOf(o);var g=(o&&i>=0&&i+o.length>=s.length-1)?s.slice(0,i):s.replace(/[^/]*$/,'');if(g.slice(-1)!=='/')g+='/';var t=${q(texts)};var e=document.createElement('div');e.id='base-url-issue';e.setAttribute('role','alert');var h=document.createElement('p');h.className='base-url-issue__title';h.textContent=t.title;var r=document.createElement('p');r.textContent=t.reason;var c=document.createElement('p');c.textContent=t.current+' '+b;var u=document.createElement('p');u.textContent=t.suggestion+' '+g;e.append(h,r,c,u);document.body.prepend(e)});`,
    );
  }
  return parts.join('\n');
}

function q(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
