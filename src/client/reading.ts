import { setupBackToTop } from './back-to-top.ts';
import { setupTocHighlight } from './toc.ts';

/**
 * The docs pages' reading aids, loaded only by pages with a table of contents or a back-to-top button: the
 * section being read marked in the table of contents, and the button shown while scrolling back up. The
 * page's script hands over its helpers rather than this chunk importing them, so the two share no chunk
 * (which would be one more request before the page's script could run).
 */
export interface ReadingHelpers {
  onScroll(handler: (y: number, previous: number) => void): void;
  atPageEnd(y: number, margin?: number): boolean;
  idOfHash(hash: string): string;
  /** The page's main content, where the focus goes when the button takes the visitor to the top. */
  main(): HTMLElement | null;
}

let started = false;
/** The docs sidebar's hide controls and auto-collapsing categories (`docs.sidebar`), where a page shows them. */
const SIDEBAR_CONTROLS = '[data-sidebar-hide], nav[data-auto-collapse]';
let controls: Promise<void> | undefined;

/**
 * On every page shown once loaded: the table of contents of this page; the button's listeners once; the sidebar
 * controls' module the first time a page has them (each docs page has the back-to-top button, so this chunk
 * loads there anyway, and the controls cost the others nothing).
 */
export function enhanceReading(helpers: ReadingHelpers): void {
  if (!started) {
    started = true;
    setupBackToTop(helpers);
  }
  setupTocHighlight(helpers);
  if (!controls && document.querySelector(SIDEBAR_CONTROLS))
    controls = import('./sidebar-controls.ts').then(
      (m) => m.setupSidebarControls(),
      (error: unknown) => {
        // The next page tries again; until then the sidebar stays as shown.
        controls = undefined;
        console.error(error);
      },
    );
}
