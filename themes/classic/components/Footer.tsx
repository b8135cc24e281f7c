import type { FooterItem } from '../../../src/config/schema.ts';
// The encoder alone: the package's entry also loads its PNG, SVG and terminal renderers (pngjs), which the
// footer does not use, in every build.
import { create as createQrCode } from 'qrcode/lib/core/qrcode.js';
import { htmlWithBase } from '../../../src/shared/route-match.ts';
import { isFlagOn, useHref, useLabel, useLocale, useSharedHtml, useT, useTheme } from '../context.tsx';
import { ConsentReopen } from './Consent.tsx';
import { Link } from './Link.tsx';

interface PricingData {
  defaultCurrency?: string;
  currencies?: { code: string; symbol: string; label: string }[];
}

/**
 * Currency names as pricing.json writes them in the content's language; in any other locale the name
 * from the locale's CLDR data (the source name when the runtime has none).
 */
function useCurrencyName(): (currency: { code: string; label: string }) => string {
  const { site } = useTheme();
  const locale = useLocale();
  const { contentLocale = site.config.i18n.currentLocale } = site.config.i18n;
  if (locale.code === contentLocale) return (c) => c.label;
  const names = new Intl.DisplayNames([locale.htmlLang], { type: 'currency', fallback: 'none' });
  return (c) => {
    try {
      return names.of(c.code) ?? c.label;
    } catch {
      return c.label; // not a well-formed currency code
    }
  };
}

const qrCache = new Map<string, { size: number; path: string }>();

/** A QR code as one SVG path, computed at build time (no image files, no client code). */
export function qrPath(text: string): { size: number; path: string } {
  const hit = qrCache.get(text);
  if (hit) return hit;
  const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
  // One rectangle per horizontal run of dark modules keeps the path short.
  let path = '';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(y, x)) continue;
      let run = 1;
      while (x + run < modules.size && modules.get(y, x + run)) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  }
  const value = { size: modules.size, path };
  qrCache.set(text, value);
  return value;
}

/**
 * Site footer (SPEC §2): link columns, social links, app-store QR codes, the currency box, the consent
 * banner's "Cookie-Einstellungen", copyright.
 * It is the same on every page (it reads the site, never the route), so it is rendered once per build
 * when the render stage allows (see PageProps.renderShared).
 */
export function Footer() {
  const { style } = useTheme().site.config.footer;
  const className = style ? `footer footer--${style}` : 'footer';
  const html = useSharedHtml('footer', () => <FooterInner />);
  if (html !== undefined) return <footer className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <footer className={className}>
      <FooterInner />
    </footer>
  );
}

function FooterInner() {
  const { site } = useTheme();
  const t = useT();
  const tl = useLabel();
  const { footer } = site.config;
  const pricing = site.data.pricing as PricingData | undefined;
  const currencies = pricing?.currencies ?? [];
  const currencyName = useCurrencyName();
  return (
    <div className="footer__inner">
      <div className="footer__columns">
        {footer.links.map((col) => (
          <div className="footer__col" key={col.title}>
            <p className="footer__title">{tl(col.title)}</p>
            <FooterLinks items={col.items} />
          </div>
        ))}
        {footer.appStores.length ? (
          <div className="footer__col footer__col--apps">
            <p className="footer__title">{t('footer.appStores')}</p>
            <ul className="footer__qr-list">
              {footer.appStores.map((store) => {
                const qr = qrPath(store.url);
                return (
                  <li key={store.url}>
                    {/* The link is named once, by the store's name (and that it opens a new tab): the code says the
                        same to a phone's camera. Its title is a tooltip for sighted visitors only. */}
                    <Link to={store.url} className="footer__qr">
                      <svg
                        viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`}
                        width="96"
                        height="96"
                        aria-hidden="true"
                        shapeRendering="crispEdges"
                      >
                        <title>{t('footer.qrAlt', { label: tl(store.label) })}</title>
                        <rect x="-2" y="-2" width={qr.size + 4} height={qr.size + 4} fill="#fff" className="footer__qr-light" />
                        <path d={qr.path} fill="#0f172a" className="footer__qr-dark" />
                      </svg>
                      <span>{tl(store.label)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="footer__bottom">
        <FooterLinks items={footer.social} className="footer__social" />
        {footer.currencies && currencies.length ? (
          <label className="currency-choice">
            <span>{t('footer.currency')}</span>
            <select data-currency-select="" defaultValue={pricing?.defaultCurrency ?? currencies[0].code}>
              {currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {`${c.code} – ${currencyName(c)}`}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <ConsentReopen />
        <FooterLogo />
        {/* The config author's HTML, as Docusaurus writes it (a link, a styled heart); its URLs are held to the URL
            policy when the config is read. */}
        <p className="footer__copyright" dangerouslySetInnerHTML={{ __html: htmlWithBase(tl(footer.copyright), site.config.baseUrl) }} />
      </div>
    </div>
  );
}

/**
 * One list of footer links; flag-gated entries are left out, labels translated per locale. An HTML item (a
 * Docusaurus footer's `html`, a badge say) is the config author's trusted HTML, its URLs held to the URL policy
 * when the config is read and its site paths given the base path.
 */
function FooterLinks({ items, className }: { items: FooterItem[]; className?: string }) {
  const { site } = useTheme();
  const tl = useLabel();
  return (
    <ul className={className}>
      {items.map((item, i) =>
        'html' in item ? (
          <li key={i} className="footer__html" dangerouslySetInnerHTML={{ __html: htmlWithBase(item.html, site.config.baseUrl) }} />
        ) : isFlagOn(site, item.flag) ? (
          <li key={item.label}>
            <Link to={(item.to ?? item.href)!} className="footer__link" id={item.id}>
              {tl(item.label)}
            </Link>
          </li>
        ) : null,
      )}
    </ul>
  );
}

/** The footer's logo (a Docusaurus footer's `logo`), linked where the config says. */
function FooterLogo() {
  const { site } = useTheme();
  const href = useHref();
  const logo = site.config.footer.logo;
  if (!logo) return null;
  // A linked logo without a text of its own is named by the site's title, so the link is not nameless.
  const alt = logo.alt || (logo.href ? site.config.title : '');
  const image = <img className="footer__logo" src={href(logo.src)} alt={alt} width={logo.width} height={logo.height} />;
  return logo.href ? (
    <Link to={logo.href} className="footer__logo-link">
      {image}
    </Link>
  ) : (
    image
  );
}
