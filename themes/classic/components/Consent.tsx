import { useHref, useLabel, useSharedHtml, useT, useTheme } from '../context.tsx';

/**
 * The consent banner (§ 25 TDDDG; README "Going live in Germany"), server-rendered into every page and fixed
 * at the bottom, so it covers nothing before it and moves nothing when it shows. The pre-paint script sets
 * `html[data-consent]` to `ask` (no choice stored for this consent version: shown from the first paint) or
 * `set` (hidden); without JavaScript it stays hidden, as nothing that needs consent can load then.
 * `src/client/consent.ts` stores the choice, applies it at once and reopens the banner from the footer.
 *
 * The three choices are buttons of one size and one style (no nudge), and no box is ticked in advance. The
 * banner is the same on every page, so it is rendered once per build where the render stage allows.
 */
export function ConsentBanner() {
  const { site } = useTheme();
  const html = useSharedHtml('consent', () => <ConsentInner />);
  if (!site.config.consent) return null;
  if (html !== undefined) return <div className="consent-host" dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div className="consent-host">
      <ConsentInner />
    </div>
  );
}

function ConsentInner() {
  const { site } = useTheme();
  const t = useT();
  const href = useHref();
  const consent = site.config.consent;
  if (!consent) return null;
  return (
    <>
      <section className="consent" id="consent" aria-labelledby="consent-title" data-consent-banner="" data-version={consent.version}>
        <div className="consent__inner">
          <h2 className="consent__title" id="consent-title" tabIndex={-1}>
            {t('consent.title')}
          </h2>
          <p className="consent__text">
            {t('consent.text')} <a href={href('/docs/PRIVACY/#cookies')}>{t('consent.privacy')}</a>
            {' · '}
            <a href={href('/impressum/')}>{t('consent.imprint')}</a>
          </p>
          <div className="consent__details" id="consent-details" hidden data-consent-details="">
            <fieldset>
              <legend className="consent__legend">{t('consent.categories')}</legend>
              {consent.categories.map((category) => (
                <ConsentCategory key={category.id} category={category} />
              ))}
            </fieldset>
          </div>
          <ConsentActions />
        </div>
      </section>
      <p className="visually-hidden" role="status" data-consent-status="" data-saved={t('consent.saved')} />
    </>
  );
}

type ConsentCategoryConfig = NonNullable<ReturnType<typeof useTheme>['site']['config']['consent']>['categories'][number];

/** One category: its checkbox (the necessary one ticked and fixed), what it is for and the services in it. */
function ConsentCategory({ category }: { category: ConsentCategoryConfig }) {
  const t = useT();
  const tl = useLabel();
  const id = `consent-${category.id}`;
  const necessary = category.id === 'necessary';
  return (
    <div className="consent__category">
      <div className="consent__check">
        <input
          type="checkbox"
          id={id}
          name={category.id}
          data-consent-category={category.id}
          defaultChecked={necessary}
          disabled={necessary}
          aria-describedby={`${id}-text`}
        />
        <label htmlFor={id}>
          {t(`consent.${category.id}`)}
          {necessary ? <span className="consent__always"> ({t('consent.alwaysOn')})</span> : null}
        </label>
      </div>
      <div className="consent__about" id={`${id}-text`}>
        <p>{t(`consent.${category.id}.text`)}</p>
        {category.services.length ? (
          <ul className="consent__services">
            {category.services.map((service) => (
              <li key={service.name}>
                <strong>{service.name}</strong>
                {service.provider ? ` (${service.provider})` : null}
                {service.purpose ? `: ${tl(service.purpose)}` : null}
                {service.cookies.length ? (
                  <>
                    {' '}
                    {t('consent.cookies')} <code>{service.cookies.join(', ')}</code>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** The banner's buttons, one size and one style; "save" shows once the details are open. */
function ConsentActions() {
  const t = useT();
  return (
    <div className="consent__actions">
      <button type="button" className="button consent__button" data-consent-action="all">
        {t('consent.acceptAll')}
      </button>
      <button type="button" className="button consent__button" data-consent-action="necessary">
        {t('consent.necessaryOnly')}
      </button>
      <button
        type="button"
        className="button consent__button"
        data-consent-action="settings"
        aria-expanded="false"
        aria-controls="consent-details"
      >
        {t('consent.settings')}
      </button>
      <button type="button" className="button consent__button" data-consent-action="save" hidden>
        {t('consent.save')}
      </button>
    </div>
  );
}

/** The footer's "Cookie-Einstellungen": reopens the banner on every page (shown only where script runs). */
export function ConsentReopen() {
  const { site } = useTheme();
  const t = useT();
  if (!site.config.consent) return null;
  return (
    <button type="button" className="footer__consent" data-consent-open="" aria-controls="consent">
      {t('consent.reopen')}
    </button>
  );
}
