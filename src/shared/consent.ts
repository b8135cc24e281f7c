/**
 * The visitor's consent choice (§ 25 TDDDG, Art. 7 GDPR), shared by the pre-paint script (render), the banner
 * (theme) and the client: how it is stored, read back, and what it allows. Pure functions over strings and
 * plain data, so the unit tests and every side read it alike.
 */

/** localStorage key of the stored choice. */
export const CONSENT_KEY = 'quire.consent';

/** What is stored: the config's consent version, each category's yes or no, and when it was chosen (ISO). */
export interface ConsentChoice {
  v: string;
  c: Record<string, boolean>;
  t: string;
}

/** The banner's three ways of deciding: everything, only what is needed, or the boxes as ticked. */
export type ConsentAction = 'all' | 'necessary' | 'save';

/**
 * The stored choice when it is one for this consent version; anything else (nothing stored, another version,
 * a broken or foreign value) means the visitor has not chosen yet and is asked.
 */
export function parseChoice(raw: string | null | undefined, version: string): ConsentChoice | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { v, c, t } = value as Partial<ConsentChoice>;
  if (v !== version || !c || typeof c !== 'object' || Array.isArray(c) || typeof t !== 'string') return undefined;
  const categories: Record<string, boolean> = {};
  for (const [id, on] of Object.entries(c)) categories[id] = on === true;
  categories.necessary = true;
  return { v, c: categories, t };
}

/**
 * The choice an action makes over the configured categories: `all` says yes to each, `necessary` no to each
 * but the necessary one, `save` takes the ticked boxes (`picked`); necessary is always yes.
 */
export function makeChoice(
  action: ConsentAction,
  categories: readonly string[],
  version: string,
  picked: Record<string, boolean>,
  now: Date,
): ConsentChoice {
  const c: Record<string, boolean> = {};
  for (const id of categories) c[id] = id === 'necessary' || action === 'all' || (action === 'save' && picked[id] === true);
  c.necessary = true;
  return { v: version, c, t: now.toISOString() };
}

/** The tag-manager container runs statistics and marketing tags: it loads only with consent to one of them. */
export function allowsContainer(choice: ConsentChoice | undefined): boolean {
  return !!choice && (choice.c.statistics === true || choice.c.marketing === true);
}

type Signal = 'granted' | 'denied';

/** Google Consent Mode v2 signals for a choice; without one, everything is denied (the defaults). */
export function consentModeOf(
  choice: ConsentChoice | undefined,
): Record<'ad_storage' | 'ad_user_data' | 'ad_personalization' | 'analytics_storage', Signal> {
  const ads: Signal = choice?.c.marketing ? 'granted' : 'denied';
  return { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: choice?.c.statistics ? 'granted' : 'denied' };
}

/**
 * The tag manager's cookies in the page's cookie string that the choice does not allow: Google Analytics'
 * (`_ga`, `_ga_<id>`, `_gid`) without statistics, Google Ads' (`_gcl_au`, …) without marketing.
 */
export function cookiesToRemove(cookies: string, choice: ConsentChoice): string[] {
  return cookies
    .split(';')
    .map((pair) => pair.split('=')[0].trim())
    .filter((name) => (!choice.c.statistics && /^_ga($|_)|^_gid$/.test(name)) || (!choice.c.marketing && /^_gcl_/.test(name)));
}

/**
 * The domains a cookie of this host may have been set for: the host itself (no Domain attribute) and each
 * parent domain with two labels or more (analytics sets `_ga` on the widest one, `.bilingo.app`). Deleting
 * needs the same domain the cookie was set with.
 */
export function cookieDomains(hostname: string): string[] {
  const out = [''];
  if (/^[\d.]+$/.test(hostname) || !hostname.includes('.')) return out;
  const labels = hostname.split('.');
  for (let i = 0; i < labels.length - 1; i++) out.push('.' + labels.slice(i).join('.'));
  return out;
}
