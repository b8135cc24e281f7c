import { useHref, useT, useTheme } from '../context.tsx';

/**
 * The manga promotion (SPEC §4, §5, §8) as an island: the server renders the first state a visitor
 * sees without JavaScript (log in to claim); the client hydrates it with the real state.
 */
export function MangaPromo() {
  const { site } = useTheme();
  const t = useT();
  const href = useHref();
  const promo = site.config.promotions.manga;
  if (!promo) throw new Error('<MangaPromo />: promotions.manga is not configured in site.config.ts');
  const props = { start: promo.start, end: promo.end, claimUrl: promo.claimUrl, days: promo.days, extensionAttribute: promo.extensionAttribute, signInUrl: site.config.header.signInUrl };
  return (
    <div className="manga-promo" data-island="MangaPromo" data-props={JSON.stringify(props)}>
      <p className="manga-promo__text" data-promo-text="">
        {t('promo.loggedOut')}
      </p>
      <a className="button button--primary" href={/^https?:/.test(props.signInUrl) ? props.signInUrl : href(props.signInUrl)} data-promo-action="">
        {t('promo.login')}
      </a>
    </div>
  );
}
