import { showCrash, showLazyError } from './failures.ts';

/** What an island module exports: hydrate or mount into its element with the server's props. */
export interface IslandModule {
  mount(element: HTMLElement, props: unknown): void | Promise<void>;
}

/** SPEC §9: the loading indicator appears only after 200 ms, so fast loads never flicker. */
export const LOADING_DELAY_MS = 200;

const loaded = new Map<string, Promise<IslandModule>>();

/** Loads an island module once; a failed load is forgotten so Retry tries again. */
export function loadIsland(url: string): Promise<IslandModule> {
  let promise = loaded.get(url);
  if (!promise) {
    promise = import(/* @vite-ignore */ url) as Promise<IslandModule>;
    loaded.set(url, promise);
    promise.catch(() => loaded.delete(url));
  }
  return promise;
}

const jsonFiles = new Map<string, Promise<unknown>>();

/**
 * Loads a JSON file once per page session (an island's shared props); a failed load is forgotten so
 * Retry tries again.
 */
export function loadJson(url: string): Promise<unknown> {
  let promise = jsonFiles.get(url);
  if (!promise) {
    promise = fetch(url, { credentials: 'same-origin' }).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json() as Promise<unknown>;
    });
    jsonFiles.set(url, promise);
    promise.catch(() => jsonFiles.delete(url));
  }
  return promise;
}

/**
 * An island's props: `data-props` (JSON), on top of the props in the file `data-props-src` names when it
 * has one (props many pages share, loaded beside the island's module rather than written into each page).
 */
function islandProps(element: HTMLElement, shared: unknown): unknown {
  const own = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
  return shared ? { ...(shared as Record<string, unknown>), ...own } : own;
}

/** Starts every `[data-island]` of the page when its hydration moment comes. */
export function setupIslands(urls: Record<string, string>, root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-island]').forEach((element) => {
    if (element.dataset.islandState) return;
    element.dataset.islandState = 'waiting';
    const start = () => void hydrate(element, urls);
    const on = element.dataset.hydrate ?? 'visible';
    if (on === 'load' || typeof IntersectionObserver === 'undefined') start();
    else if (on === 'interaction') {
      const events = ['pointerenter', 'focusin', 'touchstart', 'click'] as const;
      const once = () => {
        events.forEach((e) => element.removeEventListener(e, once));
        start();
      };
      events.forEach((e) => element.addEventListener(e, once, { passive: true }));
    } else {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          start();
        }
      });
      observer.observe(element);
    }
  });
}

async function hydrate(element: HTMLElement, urls: Record<string, string>): Promise<void> {
  const name = element.dataset.island!;
  // A project's own component names its page's module (`data-island-src`); the theme's islands are in `urls`.
  const url = element.dataset.islandSrc ?? urls[name];
  element.dataset.islandState = 'loading';
  const timer = setTimeout(() => element.classList.add('island--loading'), LOADING_DELAY_MS);
  let mod: IslandModule;
  let shared: unknown;
  try {
    if (!url) throw new Error(`No module for island "${name}"`);
    const src = element.dataset.propsSrc;
    [mod, shared] = await Promise.all([loadIsland(url), src ? loadJson(src) : undefined]);
  } catch (e) {
    clearTimeout(timer);
    element.classList.remove('island--loading');
    element.dataset.islandState = 'failed';
    showLazyError(element, e, () => void hydrate(element, urls));
    return;
  }
  clearTimeout(timer);
  element.classList.remove('island--loading');
  try {
    await mod.mount(element, islandProps(element, shared));
    element.dataset.islandState = 'hydrated';
  } catch (e) {
    element.dataset.islandState = 'crashed';
    showCrash(e, () => location.reload());
  }
}
