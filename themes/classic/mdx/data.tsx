import { useT, useTheme } from '../context.tsx';
import { Link } from '../components/Link.tsx';
import { BalancedGrid } from './grid.tsx';
import type { DataPackData } from './data-packs.ts';
import { ComponentError } from '../../../src/shared/component-error.ts';

/** Components that read `content/data/*.json`, so every page states the same figures. */

interface Figure {
  value: string;
  label: string;
  text: string;
}

function useFigures(): Record<string, Figure> {
  return (useTheme().site.data.figures ?? {}) as Record<string, Figure>;
}

export function Stat({ id }: { id: string }) {
  const figure = useFigures()[id];
  if (!figure) throw new ComponentError('Stat', `<Stat id="${id}" />: no figure "${id}" in content/data/figures.json`);
  return <>{figure.text}</>;
}

export function Stats() {
  const figures = Object.entries(useFigures());
  return (
    <BalancedGrid as="dl" className="stats" kind="stat" count={figures.length}>
      {figures.map(([id, f]) => (
        <div className="stats__item" key={id}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </BalancedGrid>
  );
}

interface Plan {
  id: string;
  name: string;
  tagline?: string;
  prices: Record<string, { monthly: number; yearly: number }> | null;
  priceNote?: string;
  features: string[];
  ctaLabel: string;
  ctaHref: string;
  highlighted?: boolean;
}

interface Pricing {
  defaultCurrency: string;
  currencies: { code: string; symbol: string; label: string }[];
  /** Absent when the file only gives the footer its currencies. */
  plans?: Plan[];
  note?: string;
  /** The owner's terms the pages quote (<PricingTerm id>): data-pack validity, refunds. */
  terms?: Record<string, string>;
  /** <DataPacks />: the top-up page's packs and where they are bought; empty until the owner fills them in. */
  dataPacks?: DataPackData;
}

/**
 * One of the owner's terms from content/data/pricing.json (`Ein Datenpaket ist <PricingTerm
 * id="dataPackValidity" /> gültig`): terms, like prices, are stated in that one file, which the owner confirms.
 */
export function PricingTerm({ id }: { id: string }) {
  const term = (useTheme().site.data.pricing as Pricing | undefined)?.terms?.[id];
  if (term === undefined)
    throw new ComponentError('PricingTerm', `<PricingTerm id="${id}" />: no term "${id}" in content/data/pricing.json`);
  return <>{term}</>;
}

/**
 * Plans with their prices in every configured currency; CSS shows the currency chosen in the footer box
 * (`html[data-currency]`), the default one without JavaScript.
 */
export function PricingTable() {
  const pricing = useTheme().site.data.pricing as Pricing | undefined;
  const t = useT();
  if (!pricing) throw new ComponentError('PricingTable', '<PricingTable />: content/data/pricing.json is missing');
  if (!pricing.plans) throw new ComponentError('PricingTable', '<PricingTable />: content/data/pricing.json has no plans');
  const format = (amount: number, code: string) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: code }).format(amount);
  return (
    <BalancedGrid className="pricing" kind="plan" count={pricing.plans.length}>
      {pricing.plans.map((plan) => (
        <section key={plan.id} className={'pricing__plan' + (plan.highlighted ? ' pricing__plan--highlighted' : '')} id={`plan-${plan.id}`}>
          <h3 className="pricing__name">{plan.name}</h3>
          {plan.tagline ? <p className="pricing__tagline">{plan.tagline}</p> : null}
          <div className="pricing__price" data-price="">
            {plan.prices ? (
              pricing.currencies.map((c) => {
                const p = plan.prices![c.code];
                if (!p) return null;
                return (
                  <p key={c.code} data-currency={c.code} className={c.code === pricing.defaultCurrency ? 'is-default' : undefined}>
                    <span className="pricing__amount">{p.monthly === 0 ? t('pricing.free') : format(p.monthly, c.code)}</span>
                    {p.monthly ? <span className="pricing__period"> {t('pricing.perMonth')}</span> : null}
                    {p.yearly && p.yearly !== p.monthly ? (
                      <span className="pricing__yearly">{t('pricing.billedYearly', { price: format(p.yearly, c.code) })}</span>
                    ) : null}
                  </p>
                );
              })
            ) : (
              <p className="pricing__amount pricing__amount--note">{plan.priceNote}</p>
            )}
          </div>
          <ul className="pricing__features">
            {plan.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <Link to={plan.ctaHref} className={'button ' + (plan.highlighted ? 'button--primary' : 'button--secondary')}>
            {plan.ctaLabel}
          </Link>
        </section>
      ))}
      {pricing.note ? <p className="pricing__note">{pricing.note}</p> : null}
    </BalancedGrid>
  );
}

/**
 * The data packs of the top-up page (SPEC §2) from content/data/pricing.json, each with its one-time price in
 * every currency (the one chosen in the footer box shows, as in <PricingTable>) and a buy button to the
 * owner's purchase URL. Until the owner lists packs, the page says where prices are shown instead of any figure.
 */
export function DataPacks() {
  const { site } = useTheme();
  const t = useT();
  const pricing = site.data.pricing as Pricing | undefined;
  const data = pricing?.dataPacks;
  if (!pricing || !data) throw new ComponentError('DataPacks', '<DataPacks />: content/data/pricing.json has no dataPacks');
  if (!data.packs.length) return <p className="data-packs__pending">{t('dataPacks.pending')}</p>;
  const lang = site.locales.find((l) => l.code === site.config.i18n.currentLocale)?.htmlLang ?? 'de';
  const format = (amount: number, code: string) => new Intl.NumberFormat(lang, { style: 'currency', currency: code }).format(amount);
  return (
    <BalancedGrid className="data-packs" kind="card" count={data.packs.length}>
      {data.packs.map((pack) => (
        <section key={pack.id} className="data-pack" id={`pack-${pack.id}`}>
          <h3 className="data-pack__name">{pack.name}</h3>
          <p className="data-pack__quota">{pack.quota}</p>
          <div className="pricing__price" data-price="">
            {pricing.currencies.map((c) =>
              pack.prices[c.code] === undefined ? null : (
                <p key={c.code} data-currency={c.code} className={c.code === pricing.defaultCurrency ? 'is-default' : undefined}>
                  <span className="pricing__amount">{format(pack.prices[c.code], c.code)}</span>
                  <span className="pricing__period"> {t('dataPacks.oneTime')}</span>
                </p>
              ),
            )}
          </div>
          {data.purchaseUrl ? (
            <Link to={data.purchaseUrl} className="button button--primary">
              {t('dataPacks.buy')}
              <span className="visually-hidden"> – {pack.name}</span>
            </Link>
          ) : null}
        </section>
      ))}
    </BalancedGrid>
  );
}

interface SiteEntry {
  name: string;
  url: string;
  [field: string]: string;
}

const COLUMN_LABELS: Record<string, string> = { features: 'Funktionen', languages: 'Sprachen', notes: 'Hinweise', region: 'Region' };

/** A table of supported sites from content/data/supported-sites.json. */
export function SupportedSites({ list }: { list: string }) {
  const data = useTheme().site.data['supported-sites'] as Record<string, SiteEntry[]> | undefined;
  const entries = data?.[list];
  if (!entries)
    throw new ComponentError('SupportedSites', `<SupportedSites list="${list}" />: no list "${list}" in content/data/supported-sites.json`);
  const columns = [...new Set(entries.flatMap((e) => Object.keys(e)))].filter((k) => k !== 'name' && k !== 'url');
  return (
    <div className="table-scroll">
      <table className="supported-sites">
        <thead>
          <tr>
            <th scope="col">Website</th>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {COLUMN_LABELS[c] ?? c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.name}>
              <td>
                <Link to={e.url}>{e.name}</Link>
              </td>
              {columns.map((c) => (
                <td key={c}>{e[c] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface TestimonialEntry {
  name: string;
  role?: string;
  quote: string;
  consent: boolean;
}

/**
 * Quotes of real customers from content/data/testimonials.json, each only with the person's consent to be
 * quoted (`consent: true`): an invented or unapproved quote is misleading advertising (UWG). Nothing is shown
 * without such an entry.
 */
export function Testimonials() {
  const entries = (useTheme().site.data.testimonials ?? []) as TestimonialEntry[];
  const shown = entries.filter((e) => e.consent === true);
  if (!shown.length) return null;
  return (
    <BalancedGrid className="testimonials" kind="card" count={shown.length}>
      {shown.map((e) => (
        <figure className="testimonial" key={e.name + e.quote}>
          <blockquote>{e.quote}</blockquote>
          <figcaption>
            <strong>{e.name}</strong>
            {e.role ? <span>, {e.role}</span> : null}
          </figcaption>
        </figure>
      ))}
    </BalancedGrid>
  );
}
