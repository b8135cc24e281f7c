/** The per-page settings the theme writes into `<script id="quire-config">`. */
export interface ClientConfig {
  baseUrl: string;
  locale: string;
  product: string;
  routeKind: string;
  path: string;
  announcementId: string | null;
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  header: { startDelayMs: number; pollMs: number; mobileBreakpoint: number; signInUrl: string; userInfoKey: string };
  /** Island name → module URL. */
  islands: Record<string, string>;
  /** The consent banner's settings; null when the site asks for none (then nothing that needs consent loads). */
  consent: { version: string; categories: string[]; gtm: { id: string; origin: string } | null } | null;
  promotions: {
    banner?: { start: string; end: string; locales: string[]; content: string; href?: string };
    minChromeVersion: number;
  };
}

/** UI messages the theme puts into the page for the client (`#quire-messages`). */
export function readMessages(doc: Document = document): Record<string, string> {
  try {
    return JSON.parse(doc.getElementById('quire-messages')?.textContent ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

export function readConfig(doc: Document = document): ClientConfig | undefined {
  const el = doc.getElementById('quire-config');
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as ClientConfig;
  } catch {
    return undefined;
  }
}

/** localStorage that never throws (private mode, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the choice lasts for this page view only
    }
  },
};
