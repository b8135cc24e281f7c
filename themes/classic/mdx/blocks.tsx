import { Children, isValidElement, useId, type ReactNode } from 'react';
import { useHref, useT } from '../context.tsx';
import { Link } from '../components/Link.tsx';
import { BalancedGrid, countCards } from './grid.tsx';
import { Icon } from './icons.tsx';
import { ComponentError } from '../../../src/shared/component-error.ts';
import { Mockup, type PageText } from './mockups.tsx';

export { ProductShot, Showcase } from './mockups.tsx';

/** Components MDX content uses without imports (see README "Components"). */

function Action({ href, label, variant }: { href?: string; label?: string; variant: 'primary' | 'secondary' }) {
  if (!href || !label) return null;
  return (
    <Link to={href} className={`button button--${variant}`}>
      {label}
    </Link>
  );
}

/**
 * Page opening. `imageWidth`/`imageHeight` are the image's own size (an SVG's viewBox): the browser reserves
 * the box before the image loads, so nothing moves when it arrives (default: the site's 640 × 420 hero art).
 * `visual` names a product mock-up of mockups.tsx instead of an image file, labelled by `imageAlt`; with
 * `visualTitle`, `visualOriginal` and `visualTranslation` the webpage mock-up shows that title and paragraph
 * (a story page's own sample) instead of its travel article.
 */
export function Hero(props: {
  title: string;
  lead?: string;
  primaryLabel?: string;
  primaryHref?: string;
  secondaryLabel?: string;
  secondaryHref?: string;
  image?: string;
  imageAlt?: string;
  imageWidth?: number;
  imageHeight?: number;
  visual?: string;
  visualTitle?: string;
  visualOriginal?: string;
  visualTranslation?: string;
  children?: ReactNode;
}) {
  const href = useHref();
  const text = pageText(props);
  return (
    <section className={'hero' + (props.image || props.visual ? ' hero--with-image' : '')}>
      <div className="hero__text">
        <h1 className="hero__title">{props.title}</h1>
        {props.lead ? <p className="hero__lead">{props.lead}</p> : null}
        {props.children}
        <div className="hero__actions">
          <Action href={props.primaryHref} label={props.primaryLabel} variant="primary" />
          <Action href={props.secondaryHref} label={props.secondaryLabel} variant="secondary" />
        </div>
      </div>
      {props.visual ? (
        <Mockup name={props.visual} alt={props.imageAlt ?? ''} className="hero__image" use={['Hero', 'visual']} text={text} />
      ) : props.image ? (
        <img
          className="hero__image"
          src={href(props.image)}
          alt={props.imageAlt ?? ''}
          width={props.imageWidth ?? 640}
          height={props.imageHeight ?? 420}
        />
      ) : null}
    </section>
  );
}

/** The webpage mock-up's text from a Hero's `visual…` props: all three, or none. */
function pageText(props: { visualTitle?: string; visualOriginal?: string; visualTranslation?: string }): PageText | undefined {
  const { visualTitle: title, visualOriginal: original, visualTranslation: translation } = props;
  if (title === undefined && original === undefined && translation === undefined) return undefined;
  if (!title || !original || !translation)
    throw new ComponentError('Hero', '<Hero visualTitle visualOriginal visualTranslation>: the mock-up needs all three, or none');
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { address: `reader.example.com/${slug}`, title, pairs: [[original, translation]] };
}

export function FeatureGrid({ children }: { children?: ReactNode }) {
  return (
    <BalancedGrid className="feature-grid" kind="card" count={countCards(children)}>
      {children}
    </BalancedGrid>
  );
}

/** A feature card; `icon` names one of the theme's icons (icons.tsx: `globe`, `file-text`, …). */
export function Feature({ title, icon, href, children }: { title: string; icon?: string; href?: string; children?: ReactNode }) {
  const resolve = useHref();
  return (
    <div className="feature">
      {icon ? (
        <span className="feature__icon">
          <Icon name={icon} />
        </span>
      ) : null}
      <h3 className="feature__title">{href ? <a href={resolve(href)}>{title}</a> : title}</h3>
      <div className="feature__body">{children}</div>
    </div>
  );
}

export function Steps({ children }: { children?: ReactNode }) {
  return <ol className="steps">{children}</ol>;
}

export function Step({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <li className="step">
      <p className="step__title">{title}</p>
      <div className="step__body">{children}</div>
    </li>
  );
}

export function Faq({ children }: { children?: ReactNode }) {
  return <div className="faq">{children}</div>;
}

export function Question({ q, children }: { q: string; children?: ReactNode }) {
  return (
    <details className="faq__item">
      <summary>{q}</summary>
      <div className="faq__answer">{children}</div>
    </details>
  );
}

/** A page's closing next step: a primary button, and optionally a second, quieter one (install, or read the guide). */
export function CallToAction(props: {
  title: string;
  label?: string;
  href?: string;
  secondaryLabel?: string;
  secondaryHref?: string;
  children?: ReactNode;
}) {
  return (
    <section className="cta">
      <h2 className="cta__title">{props.title}</h2>
      <div className="cta__body">{props.children}</div>
      <div className="cta__actions">
        <Action href={props.href} label={props.label} variant="primary" />
        <Action href={props.secondaryHref} label={props.secondaryLabel} variant="secondary" />
      </div>
    </section>
  );
}

export function Figure({
  src,
  alt,
  caption,
  width,
  height,
}: {
  src: string;
  alt: string;
  caption?: string;
  width?: number;
  height?: number;
}) {
  const href = useHref();
  return (
    <figure className="figure">
      <img src={href(src)} alt={alt} width={width} height={height} loading="lazy" decoding="async" />
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

export function CardGrid({ children }: { children?: ReactNode }) {
  return (
    <BalancedGrid className="card-grid" kind="card" count={countCards(children)}>
      {children}
    </BalancedGrid>
  );
}

export function Card({ title, href, children }: { title: string; href?: string; children?: ReactNode }) {
  return (
    <div className="card">
      <h3 className="card__title">{href ? <Link to={href}>{title}</Link> : title}</h3>
      <div className="card__body">{children}</div>
    </div>
  );
}

export function BilingualPassage({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <figure className="bilingual">
      {title ? <figcaption className="bilingual__title">{title}</figcaption> : null}
      <div className="bilingual__body">{children}</div>
    </figure>
  );
}

export function Para({ en, de }: { en: string; de: string }) {
  return (
    <div className="bilingual__pair">
      <p className="bilingual__original" lang="en">
        {en}
      </p>
      <p className="bilingual__translation" lang="de">
        {de}
      </p>
    </div>
  );
}

export function Kbd({ children }: { children?: ReactNode }) {
  return <kbd className="kbd">{children}</kbd>;
}

/**
 * A comparison table's cells: a check mark or a dash for the eye, and for screen readers the word it
 * stands for (a bare "✓" is read as "check mark" or not at all, and "–" says nothing).
 */
export function Yes() {
  const t = useT();
  return (
    <span className="table-mark table-mark--yes">
      <span aria-hidden="true">✓</span>
      <span className="visually-hidden">{t('table.yes')}</span>
    </span>
  );
}

export function No() {
  const t = useT();
  return (
    <span className="table-mark table-mark--no">
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{t('table.no')}</span>
    </span>
  );
}

export function ProBadge() {
  const t = useT();
  // Not part of the text a search finds or shows: "Export als PDF oder HTML Pro" was a result's title.
  return (
    <span className="pro-badge" data-pagefind-ignore="">
      {t('pro.badge')}
    </span>
  );
}

/**
 * Tabs that work without JavaScript (a radio group per set). With `groupId`, every set of that group shows
 * the same tab, and the choice is kept for the next pages and visits (the client script, storage key
 * `quire.tab.<groupId>`), as Docusaurus's tabs do. A tab's `value` (its label when it has none) names it for
 * `defaultValue`, the kept choice and `queryString`, the URL parameter that selects it and follows the choice
 * (https://docusaurus.io/docs/markdown-features/tabs#query-string).
 */
export function Tabs({
  children,
  groupId,
  defaultValue,
  queryString,
  className,
  values: listed,
}: {
  children?: ReactNode;
  groupId?: string;
  defaultValue?: string;
  queryString?: string;
  className?: string;
  /**
   * A Docusaurus `values` list the page computes (the compiler applies a written one itself): it orders and labels
   * the tabs, a listed value without a tab is one with an empty panel, a tab it does not list is not shown.
   */
  values?: { value: string; label?: string }[];
}) {
  const items = Children.toArray(children).filter(isValidElement) as React.ReactElement<{
    label: string;
    value?: string;
    children?: ReactNode;
  }>[];
  const tabs = Array.isArray(listed)
    ? listed.map((entry) => {
        const item = items.find((tab) => (tab.props.value ?? tab.props.label) === entry.value);
        return { props: { label: entry.label ?? entry.value, value: entry.value, children: item?.props.children } };
      })
    : items;
  const values = tabs.map((tab) => tab.props.value ?? tab.props.label);
  const first = Math.max(0, defaultValue === undefined ? 0 : values.indexOf(defaultValue));
  // One name per set on the page, even for two sets with the same labels; the same on every build.
  const group = 'tabs-' + useId().replace(/[^\w-]/g, '');
  return (
    <div
      className={className ? `tabs ${className}` : 'tabs'}
      style={{ ['--tab-count' as string]: tabs.length }}
      data-tab-group={groupId}
      data-query-string={queryString}
    >
      {tabs.map((tab, i) => (
        <div className="tabs__tab" key={i}>
          <input type="radio" name={group} id={`${group}-${i}`} value={values[i]} className="tabs__radio" defaultChecked={i === first} />
          <label htmlFor={`${group}-${i}`} className="tabs__label">
            {tab.props.label}
          </label>
          <div className="tabs__panel">{tab.props.children}</div>
        </div>
      ))}
      {groupId || queryString ? <script dangerouslySetInnerHTML={{ __html: CHOOSE_TAB }} /> : null}
    </div>
  );
}

/**
 * The last child of a set with a group or a query string (no box, so no style rule sees it), run as soon as the
 * set is parsed: the first paint already shows the tab the address or the kept choice names, where the tabs'
 * code, a chunk that comes later, would show the default tab first. The same order as `restoreTabs` in
 * src/client/tabs.ts, which does it again after soft navigations: the address's tab if the set has it, else the
 * group's kept choice (`quire.tab.<group>`).
 */
const CHOOSE_TAB =
  "(function(s){try{var d=s.dataset,r=s.querySelectorAll(':scope>.tabs__tab>.tabs__radio'),q=d.queryString," +
  'f=function(v){for(var i=0;i<r.length;i++)if(v&&r[i].value===v)return r[i].checked=true};' +
  "if(!(q&&f(new URLSearchParams(location.search).get(q)))&&d.tabGroup)f(localStorage.getItem('quire.tab.'+d.tabGroup))" +
  '}catch(e){}})(document.currentScript.parentNode)';

export function Tab({ children }: { label: string; value?: string; children?: ReactNode }) {
  return <>{children}</>;
}
