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
