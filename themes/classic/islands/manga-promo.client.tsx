import { useCallback, useEffect, useReducer, useRef } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isOutdatedChromium, type BrowserIdentity } from '../../../src/shared/browser.ts';
import {
  canClaim,
  CLAIM_STORAGE_KEY,
  claimOutcome,
  claimRequestBody,
  initialPromoState,
  proUntil,
  reducePromo,
  windowPhase,
  type ClaimOutcome,
  type PromoFacts,
} from '../../../src/shared/promo.ts';
import { hasCookie } from '../../../src/shared/rules.ts';
import { MangaPromoView, type MangaPromoProps } from './MangaPromo.tsx';

/**
 * Browser side of the manga promotion: reads the facts (clock, cookie, extension mark, browser, stored
 * claim), feeds them to the pure reducer in `src/shared/promo.ts`, and sends the claim request.
 */
export function mount(element: HTMLElement, props: unknown): void {
  // The props are the JSON the server wrote from the same MangaPromoProps object.
  const root = hydrateRoot(
    element,
    <MangaPromoIsland element={element} props={props as MangaPromoProps} onDetached={() => root.unmount()} />,
  );
}

function MangaPromoIsland({ element, props, onDetached }: { element: HTMLElement; props: MangaPromoProps; onDetached: () => void }) {
  const [state, dispatch] = useReducer(reducePromo, initialPromoState);
  // A double click fires twice before React re-renders the disabled button: this guard sends one request.
  const inFlight = useRef(false);
  const hasLeftPage = useRef(document.visibilityState === 'hidden');

  useEffect(() => {
    const facts = (): PromoFacts => readFacts(props, hasLeftPage.current);
    dispatch({ type: 'loaded', facts: facts() });
    // Marks the island as showing the visitor's real state (the server's guess may look the same).
    element.dataset.promoChecked = 'true';
    const recheck = () => {
      // After a soft navigation swapped the page, this root is orphaned: unmounting removes the listeners.
      if (!element.isConnected) setTimeout(onDetached);
      else dispatch({ type: 'rechecked', facts: facts() });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hasLeftPage.current = true;
      else recheck();
    };
    const onBlur = () => (hasLeftPage.current = true);
    // Back from the back/forward cache: the visitor was on another page in between.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) hasLeftPage.current = true;
      recheck();
    };
    // The extension may mark the page after we looked (a late content script, or a fresh install marking open tabs).
    const observer = new MutationObserver(recheck);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: [props.extensionAttribute] });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', recheck);
    window.addEventListener('blur', onBlur);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', recheck);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [element, props, onDetached]);

  const claim = useCallback(() => {
    if (inFlight.current || !canClaim(state)) return;
    inFlight.current = true;
    dispatch({ type: 'claim' });
    void sendClaim(props.claimUrl).then((outcome) => {
      inFlight.current = false;
      if (outcome !== 'claimed') {
        dispatch({ type: 'claimFinished', outcome });
        return;
      }
      const claimedAt = Date.now();
      storageSet(CLAIM_STORAGE_KEY, new Date(claimedAt).toISOString());
      dispatch({ type: 'claimFinished', outcome, until: proUntil(claimedAt, props.days) });
    });
  }, [props.claimUrl, props.days, state]);

  return <MangaPromoView props={props} state={state} onClaim={claim} onReload={() => location.reload()} />;
}

function readFacts(props: MangaPromoProps, hasLeftPage: boolean): PromoFacts {
  const now = Date.now();
  // A stored value that is no date (written by hand, or by some other script) counts as no claim: the claim
  // button then asks the server, which answers "already claimed" for an account that has one.
  const claimedAt = Date.parse(storageGet(CLAIM_STORAGE_KEY) ?? '');
  return {
    window: windowPhase(now, props),
    isOutdatedBrowser: isOutdatedChromium(navigator as Navigator & BrowserIdentity, props.minChromeVersion),
    claimedUntil: Number.isNaN(claimedAt) ? undefined : proUntil(claimedAt, props.days),
    now,
    hasToken: hasCookie(document.cookie, props.tokenCookie),
    hasExtension: document.documentElement.hasAttribute(props.extensionAttribute),
    hasLeftPage,
  };
}

/** POSTs the claim with the session's cookies; a network error or an unreadable answer is an outcome too. */
async function sendClaim(url: string): Promise<ClaimOutcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(claimRequestBody()),
    });
    // Only a 403 needs the body (its reason tells "not a new user" apart from other refusals).
    const body: unknown = response.status === 403 ? await response.json().catch(() => undefined) : undefined;
    return claimOutcome(response.status, body);
  } catch {
    return claimOutcome(undefined);
  }
}

/** localStorage that never throws (private mode, disabled storage): then the claim lasts for this view only. */
function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage unavailable: a reload asks the server again, which answers 409
  }
}
