import { MAIN_ID } from '../../../src/shared/html.ts';
import { htmlWithBase } from '../../../src/shared/route-match.ts';
import { useContentLocale, useLocale, useT, useTheme } from '../context.tsx';

/** First focusable element of every page. */
export function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {t('skipToContent')}
    </a>
  );
}

/** Announcement bar from config; a pre-paint script hides it when dismissed for the same id. */
export function AnnouncementBar() {
  const { site } = useTheme();
  const t = useT();
  const bar = site.config.announcementBar;
  if (!bar) return null;
  return (
    <section
      className="announcement"
      aria-label={t('announcement.label')}
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      {bar.isCloseable ? <span className="announcement__placeholder" /> : null}
      {/* Trusted HTML written by the site's config author (SPEC §3: content), its site-path links given the base path; its own text decides its direction. */}
      <div
        className="announcement__content"
        dir="auto"
        dangerouslySetInnerHTML={{ __html: htmlWithBase(bar.content, site.config.baseUrl) }}
      />
      {bar.isCloseable ? (
        <button type="button" className="announcement__close" aria-label={t('announcement.close')} data-announcement-close="">
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <path d="M1 1l13 13M14 1L1 14" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      ) : null}
    </section>
  );
}

/**
 * Shown on a page whose text is not in the site's locale yet (a `--locale` build without a translation):
 * says so in the site's language, and links the original, which is also the page's canonical URL.
 */
export function TranslationNotice() {
  const { route } = useTheme();
  const t = useT();
  const locale = useLocale();
  const original = useContentLocale();
  if (!original) return null;
  return (
    <aside className="translation-notice" role="note" lang={locale.htmlLang} dir={locale.direction} data-translation-notice="">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path fill="currentColor" d="M12 2a10 10 0 100 20 10 10 0 000-20zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z" />
      </svg>
      <p>
        {t('docs.notTranslated')}{' '}
        <a href={original.baseUrl + route.path.slice(1)} hrefLang={original.htmlLang} lang={original.htmlLang} dir={original.direction}>
          {original.label}
        </a>
      </p>
    </aside>
  );
}

/**
 * Markup the client clones when something fails (SPEC §8): the crash screen and the lazy-load error box, every
 * word in the page's language. Templates are inert until used, so they cost nothing on a page that works. The
 * error's own text (often the browser's, in English, with a URL) goes to the console; the crash screen keeps its
 * cause chain (SPEC §8) folded away under a localised summary.
 */
export function ErrorTemplates() {
  const t = useT();
  return (
    <>
      <template id="quire-crash-template">
        <div className="crash" role="alert">
          <h1 className="crash__title">{t('crash.title')}</h1>
          <button type="button" className="button button--primary" data-crash-retry="">
            {t('crash.tryAgain')}
          </button>
          <details className="crash__details">
            <summary>{t('crash.details')}</summary>
            <p className="crash__message" data-crash-message="" />
          </details>
        </div>
      </template>
      <template id="quire-lazy-error-template">
        <div className="lazy-error" role="alert">
          <p data-lazy-message="">{t('lazy.error')}</p>
          <button type="button" className="button" data-lazy-retry="">
            {t('lazy.retry')}
          </button>
        </div>
      </template>
      <script
        type="application/json"
        id="quire-messages"
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(
            Object.fromEntries(
              [
                'crash.documentTitle',
                'crash.cause',
                'lazy.searchError',
                'browser.outdated',
                'search.placeholder',
                'search.noResults',
                'search.errorTitle',
                'search.errorHelp',
                'promoBanner.close',
                'docs.toggleCategory',
                'link.newTab',
                'code.copy',
                'code.copied',
                'table.scrollLabel',
              ].map((id) => [id, t(id)]),
            ),
          ).replace(/</g, '\\u003c'),
        }}
      />
    </>
  );
}
