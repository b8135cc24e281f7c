/**
 * The script `quire dev` adds to every page it serves (never to a build): live reload over server-sent
 * events that keeps the scroll position, and the error overlay. It is sent as the source text of
 * `liveReloadClient`, so the function must stay self-contained: no imports, no outside variables.
 * Everything shown comes from the server as JSON and is placed with textContent: nothing is parsed as HTML.
 */

/** What the server sends with `errors` (and `hello` while a build is failing). */
export interface OverlayPayload {
  title: string;
  note: string;
  errors: { code: string; where: string; message: string; frame?: string; hint?: string }[];
}

/** Output-relative files that changed in a successful rebuild, or `other` when a non-page file changed. */
export interface ReloadPayload {
  files: string[];
  other: boolean;
}

export const LIVE_SCRIPT_PATH = '/__quire/live.js';
export const EVENTS_PATH = '/__quire/events';

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: shipped to the browser as one function's source text (toString), so it cannot call helpers defined outside it.
export function liveReloadClient(): void {
  // Once per document, even if soft navigation runs the scripts of a new page again.
  const w = window as unknown as { __quireLive?: boolean };
  if (w.__quireLive) return;
  w.__quireLive = true;
  const scrollKey = 'quire-dev:scroll:' + location.pathname + location.search;

  try {
    const saved = sessionStorage.getItem(scrollKey);
    if (saved !== null) {
      sessionStorage.removeItem(scrollKey);
      const y = Number(saved) || 0;
      const restore = () => window.scrollTo(0, y);
      restore();
      requestAnimationFrame(restore);
      addEventListener('load', restore, { once: true });
    }
  } catch {
    // storage disabled: reload without keeping the position
  }

  const reload = () => {
    try {
      sessionStorage.setItem(scrollKey, String(Math.round(window.scrollY)));
    } catch {
      // see above
    }
    location.reload();
  };

  /** The output file for the address shown now (soft navigation may have changed it since load). */
  const currentFile = () => {
    let p = location.pathname;
    try {
      p = decodeURI(p);
    } catch {
      // keep it encoded
    }
    if (p.endsWith('/index.html')) p = p.slice(0, -'index.html'.length);
    else if (p.endsWith('.html')) p = p.slice(0, -'.html'.length);
    if (!p.endsWith('/')) p += '/';
    return p.slice(1) + 'index.html';
  };

  let host: HTMLElement | null = null;
  let shown = '';
  /** The errors the writer closed by hand: the same errors again (a re-check, a reconnect) stay closed. */
  let dismissed = '';
  const hideOverlay = () => {
    host?.remove();
    host = null;
  };
  const dismissOverlay = () => {
    if (host) dismissed = shown;
    hideOverlay();
  };
  const el = (tag: string, className: string, text?: string) => {
    const e = document.createElement(tag);
    e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const showOverlay = (payload: OverlayPayload) => {
    const key = JSON.stringify(payload.errors);
    if (key === dismissed) return;
    shown = key;
    hideOverlay();
    host = document.createElement('quire-dev-overlay');
    const root = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = [
      ':host{position:fixed;inset:0;z-index:2147483647;display:block;font:14px/1.5 system-ui,sans-serif}',
      '.backdrop{position:absolute;inset:0;background:rgba(0,0,0,.55)}',
      '.box{position:relative;margin:6vh auto;max-width:min(900px,94vw);max-height:88vh;overflow:auto;background:#1e1e24;color:#eee;border-top:4px solid #ff5555;border-radius:6px;padding:20px 24px;box-shadow:0 10px 40px rgba(0,0,0,.5)}',
      '.title{margin:0 0 12px;font-size:18px;color:#ff7b7b}',
      '.where{font-family:ui-monospace,monospace;color:#8be9fd;margin:16px 0 4px}',
      '.message{margin:0 0 8px;white-space:pre-wrap}',
      '.frame{margin:0;padding:10px 12px;background:#111;border-radius:4px;overflow:auto;font:13px/1.45 ui-monospace,monospace;color:#f8f8f2}',
      '.hint{margin:8px 0 0;color:#bbb}',
      '.note{margin:18px 0 0;color:#aaa;font-size:13px}',
      '.close{position:absolute;top:10px;right:12px;background:none;border:0;color:#eee;font-size:22px;cursor:pointer;line-height:1}',
    ].join('\n');
    const box = el('div', 'box');
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', 'quire-dev-title');
    const title = el('h2', 'title', payload.title);
    title.id = 'quire-dev-title';
    const close = el('button', 'close', '×');
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', dismissOverlay);
    box.append(close, title);
    for (const e of payload.errors) {
      box.append(el('div', 'where', e.code + (e.where ? '  ' + e.where : '')), el('p', 'message', e.message));
      if (e.frame) box.append(el('pre', 'frame', e.frame));
      if (e.hint) box.append(el('p', 'hint', 'hint: ' + e.hint));
    }
    box.append(el('p', 'note', payload.note));
    const backdrop = el('div', 'backdrop');
    backdrop.addEventListener('click', dismissOverlay);
    root.append(style, backdrop, box);
    document.documentElement.appendChild(host);
  };
  addEventListener('keydown', (e) => {
    if (e.key === 'Escape') dismissOverlay();
  });

  let server: string | undefined;
  let events: EventSource | null = null;
  const data = (e: Event) => JSON.parse((e as MessageEvent<string>).data);
  const listen = (source: EventSource) => {
    source.addEventListener('hello', (e) => {
      const hello = data(e) as { server: string; stale: boolean; overlay: OverlayPayload | null };
      // A restarted server (new id) or a page older than the build: this tab shows outdated output.
      if ((server !== undefined && server !== hello.server) || hello.stale) {
        reload();
        return;
      }
      server = hello.server;
      if (hello.overlay) showOverlay(hello.overlay);
      else hideOverlay();
    });
    source.addEventListener('errors', (e) => showOverlay(data(e) as OverlayPayload));
    source.addEventListener('ok', (e) => {
      const ok = data(e) as ReloadPayload;
      dismissed = '';
      hideOverlay();
      const file = currentFile();
      const isNotFound = document.documentElement.getAttribute('data-route-kind') === 'notFound';
      if (ok.other || ok.files.includes(file) || (isNotFound && ok.files.some((f) => f.endsWith('404.html')))) reload();
    });
  };
  const connect = () => {
    // The page as served (soft navigation may have brought in another page's tag since load).
    const tags = document.querySelectorAll<HTMLScriptElement>('script[data-page][data-version]');
    const tag = tags[tags.length - 1];
    const query = tag ? '?page=' + encodeURIComponent(tag.dataset.page ?? '') + '&v=' + encodeURIComponent(tag.dataset.version ?? '') : '';
    events = new EventSource('/__quire/events' + query);
    listen(events);
  };
  // A browser keeps about six connections per host: hidden tabs let theirs go and, when shown again,
  // reconnect; the server then says whether the page went stale meanwhile.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      events?.close();
      events = null;
    } else if (!events) connect();
  });
  if (document.visibilityState !== 'hidden') connect();
}

/** The script as served. */
export function liveReloadScript(): string {
  return `(${liveReloadClient.toString()})();\n`;
}

/** Adds the script to a page, with the page's output file and version, before `</body>`. */
export function injectLiveScript(html: string, file: string, version: number): string {
  const tag = `<script src="${LIVE_SCRIPT_PATH}" data-page="${escapeAttribute(file)}" data-version="${version}" defer></script>`;
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + tag : html.slice(0, at) + tag + html.slice(at);
}

function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
