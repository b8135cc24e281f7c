import type { ReactNode } from 'react';
import { initialPromoState, type PromoState } from '../../../src/shared/promo.ts';
import { translate, useHref, useT, useTheme } from '../context.tsx';
import { Island } from '../island.tsx';
import { ComponentError } from '../../../src/shared/component-error.ts';

/** Message ids the widget shows; the server resolves them for the page's locale and hands them to the client. */
export const PROMO_MESSAGE_IDS = [
  'promo.title',
  'promo.loggedOut',
  'promo.login',
  'promo.noExtension',
  'promo.install',
  'promo.reload',
  'promo.detected',
  'promo.reloadButton',
  'promo.ready',
  'promo.claim',
  'promo.claiming',
  'promo.claimed',
  'promo.claimedBefore',
  'promo.claimedBeforeOver',
  'promo.alreadyClaimed',
  'promo.pricing',
  'promo.upcoming',
  'promo.ended',
  'promo.error',
  'promo.retry',
  'browser.outdated',
] as const;

/** The island's props: plain data from `promotions.manga` and the site config, identical on server and client. */
export interface MangaPromoProps {
  /** Event window, ISO dates. */
  start: string;
  end: string;
  claimUrl: string;
  days: number;
  /** Attribute the extension sets on `<html>`. */
  extensionAttribute: string;
  minChromeVersion: number;
  /** `{product}_token`: its presence means the visitor is logged in (SPEC §6). */
  tokenCookie: string;
  signInUrl: string;
  installUrl: string;
  pricingUrl: string;
  /** BCP 47 tag for dates. */
  lang: string;
  messages: Record<string, string>;
}

/**
 * The manga promotion (SPEC §4, §5, §8) as an island: the server renders the initial state, which is also
 * what a visitor without JavaScript keeps (log in to claim); `manga-promo.client.tsx` hydrates the same view
 * and moves it to the visitor's real state.
 */
export function MangaPromo() {
  const { site } = useTheme();
  const t = useT();
  const href = useHref();
  const { config } = site;
  const promo = config.promotions.manga;
  if (!promo) throw new ComponentError('MangaPromo', '<MangaPromo /> needs promotions.manga (start, end, claimUrl) in site.config.ts');
  const locale = site.locales.find((l) => l.code === config.i18n.currentLocale);
  const props: MangaPromoProps = {
    start: promo.start,
    end: promo.end,
    claimUrl: promo.claimUrl,
    days: promo.days,
    extensionAttribute: promo.extensionAttribute,
    minChromeVersion: config.promotions.minChromeVersion,
    tokenCookie: `${config.product.slug}_token`,
    signInUrl: href(config.header.signInUrl),
    installUrl: href('/download/'),
    pricingUrl: href('/pricing/'),
    lang: locale?.htmlLang ?? config.i18n.currentLocale,
    messages: Object.fromEntries(PROMO_MESSAGE_IDS.map((id) => [id, t(id)])),
  };
  // Hydrate at load: the widget sits at the top of its page, and its first state is only a guess.
  return (
    <Island name="MangaPromo" props={props} on="load">
      <MangaPromoView props={props} state={initialPromoState} />
    </Island>
  );
}

/** No extension found: install it, or reload once it has been detected after installing. */
function noExtensionContent(
  props: MangaPromoProps,
  reloadNeeded: boolean | undefined,
  t: (id: string, values?: Record<string, string | number>) => string,
  onReload?: () => void,
): { text: string; hint?: string; action: ReactNode } {
  if (reloadNeeded)
    return {
      text: t('promo.detected'),
      action: (
        <button type="button" className="button button--primary" onClick={onReload}>
          {t('promo.reloadButton')}
        </button>
      ),
    };
  return {
    text: t('promo.noExtension'),
    hint: t('promo.reload'),
    action: (
      <a className="button button--primary" href={props.installUrl}>
        {t('promo.install')}
      </a>
    ),
  };
}

/** The sentence, the hint and the button for one state of the promotion (SPEC §8). */
function promoContent(
  props: MangaPromoProps,
  state: PromoState,
  t: (id: string, values?: Record<string, string | number>) => string,
  onClaim?: () => void,
  onReload?: () => void,
): { text: string; hint?: string; action: ReactNode } {
  let text: string;
  let hint: string | undefined;
  let action: ReactNode = null;
  switch (state.status) {
    case 'outdatedBrowser':
      text = t('browser.outdated');
      break;
    case 'upcoming':
      text = t('promo.upcoming', { date: formatDate(props.start, props.lang) });
      break;
    case 'ended':
      text = t('promo.ended');
      break;
    case 'loggedOut':
      text = t('promo.loggedOut');
      action = (
        <a className="button button--primary" href={props.signInUrl}>
          {t('promo.login')}
        </a>
      );
      break;
    case 'noExtension':
      return noExtensionContent(props, state.reloadNeeded, t, onReload);
    case 'ready':
    case 'claiming':
      text = t('promo.ready', { days: props.days });
      action = (
        <button
          type="button"
          className="button button--primary"
          onClick={onClaim}
          disabled={state.status === 'claiming'}
          aria-busy={state.status === 'claiming'}
        >
          {t(state.status === 'claiming' ? 'promo.claiming' : 'promo.claim')}
        </button>
      );
      break;
    case 'claimed':
      text = t('promo.claimed', { days: props.days, date: formatDate(state.until, props.lang) });
      break;
    case 'claimedBefore':
      text = t(state.over ? 'promo.claimedBeforeOver' : 'promo.claimedBefore', {
        days: props.days,
        date: formatDate(state.until, props.lang),
      });
      // Once the days are over, the way on is a plan of one's own.
      if (state.over)
        action = (
          <a className="button button--secondary" href={props.pricingUrl}>
            {t('promo.pricing')}
          </a>
        );
      break;
    case 'alreadyClaimed':
      text = t('promo.alreadyClaimed');
      action = (
        <a className="button button--secondary" href={props.pricingUrl}>
          {t('promo.pricing')}
        </a>
      );
      break;
    case 'error':
      text = t('promo.error');
      action = (
        <button type="button" className="button button--primary" onClick={onClaim}>
          {t('promo.retry')}
        </button>
      );
      break;
  }
  return { text, hint, action };
}

/**
 * The widget for one state. Pure: the server renders it with the initial state, the client hydrates and
 * re-renders it; handlers are absent on the server, which does not change the markup.
 */
export function MangaPromoView({
  props,
  state,
  onClaim,
  onReload,
}: {
  props: MangaPromoProps;
  state: PromoState;
  onClaim?: () => void;
  onReload?: () => void;
}) {
  const t = (id: string, values?: Record<string, string | number>) => translate(props.messages, id, values);
  const { text, hint, action } = promoContent(props, state, t, onClaim, onReload);
  const step = state.status === 'noExtension' && state.reloadNeeded ? 'reload' : undefined;
  return (
    <div className={`manga-promo manga-promo--${state.status}`} data-promo-state={state.status} data-promo-step={step}>
      <p className="manga-promo__title">{t('promo.title', { days: props.days })}</p>
      <p className="manga-promo__text" role="status">
        {text}
      </p>
      {hint ? <p className="manga-promo__hint">{hint}</p> : null}
      {action ? <div className="manga-promo__actions">{action}</div> : null}
    </div>
  );
}

/** A date (ISO or epoch ms) as the visitor's local date and time (only ever shown in the browser). */
function formatDate(when: string | number, lang: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(when));
  } catch {
    return new Date(when).toUTCString();
  }
}
