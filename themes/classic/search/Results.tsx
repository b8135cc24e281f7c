import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { highlightTerms, parseMarked, queryTerms, type Segment } from '../../../src/shared/search-query.ts';
import { resolveResultUrl } from '../../../src/shared/search-paths.ts';
import type { SearchGroup, SearchHit, SearchMessageId, SearchSettings } from '../../../src/shared/search.ts';
import { translate } from '../context.tsx';

/**
 * Text segments as React text: matches in `<mark>`, nothing from an index is ever parsed as HTML. Isolated for
 * bidi (`<bdi>`: direction from the text itself), so a German excerpt in an Arabic interface keeps its "…" and
 * punctuation where they belong.
 */
export function Marked({ segments }: { segments: Segment[] }) {
  return <bdi>{segments.map((s, i) => (s.marked ? <mark key={i}>{s.text}</mark> : <Fragment key={i}>{s.text}</Fragment>))}</bdi>;
}

/** A heading or title: the provider's highlight when it gave one, else our own match of the query words. */
export function Title({ text, marked, query }: { text: string; marked?: string; query: string }) {
  return <Marked segments={marked ? parseMarked(marked) : highlightTerms(text, queryTerms(query))} />;
}

/** One option of a listbox of hits (results and recent searches): icon, title, a line below. */
export function HitOption(props: {
  id: string;
  active: boolean;
  href: string;
  icon: string;
  title: ReactNode;
  detail: ReactNode;
  onActivate: () => void;
  onOpen: (e: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <a
      id={props.id}
      role="option"
      aria-selected={props.active}
      tabIndex={-1}
      className={'search-hit' + (props.active ? ' search-hit--active' : '')}
      href={props.href}
      onMouseMove={props.onActivate}
      onClick={props.onOpen}
    >
      <span className="search-hit__icon" aria-hidden="true">
        {props.icon}
      </span>
      <span className="search-hit__text">
        <span className="search-hit__title">{props.title}</span>
        {props.detail ? <span className="search-hit__excerpt">{props.detail}</span> : null}
      </span>
    </a>
  );
}

export function hitHref(hit: Pick<SearchHit, 'url'>, settings: SearchSettings): string {
  return resolveResultUrl(hit.url, settings.baseUrl, settings.localeBases);
}

/** A search UI message from the settings' catalogue extract, with `{name}` placeholders filled. */
export function t(settings: SearchSettings, id: SearchMessageId, values?: Record<string, string | number>): string {
  return translate(settings.messages as Record<string, string>, id, values);
}

/**
 * "Search by Algolia" below results from the hosted service (Algolia's search API), as Docusaurus's search page and
 * modal credit it and Algolia's DocSearch program asks; nothing for the site's own index. The message is filled with a
 * stand-in that the link replaces, so each language puts the name where its word order wants it.
 */
export function PoweredBy({ settings, className }: { settings: SearchSettings; className: string }) {
  if (settings.provider !== 'hosted') return null;
  const [before, after = ''] = t(settings, 'search.poweredBy', { provider: '\u0000' }).split('\u0000');
  return (
    <p className={className}>
      {before}
      <a href="https://www.algolia.com/" target="_blank" rel="noopener noreferrer">
        Algolia
      </a>
      {after}
    </p>
  );
}

/** The section a hit points at (`Installation › Chrome`), or the page title for the page itself. */
export function HitLabel({ hit, query }: { hit: SearchHit; query: string }) {
  if (!hit.section.length) return <Title text={hit.pageTitle} marked={hit.titleMarked} query={query} />;
  const parts: ReactNode[] = hit.section.map((s, i) => {
    const isLast = i === hit.section.length - 1;
    return (
      <Fragment key={i}>
        {i > 0 ? <span className="search-hit__sep"> › </span> : null}
        <Title text={s} marked={isLast ? hit.titleMarked : undefined} query={query} />
      </Fragment>
    );
  });
  return <>{parts}</>;
}

export interface ResultListProps {
  groups: SearchGroup[];
  query: string;
  settings: SearchSettings;
  /** Index of the active option across all groups (keyboard selection), or -1. */
  active: number;
  idPrefix: string;
  onActivate(index: number): void;
  onOpen(hit: SearchHit, event: MouseEvent<HTMLAnchorElement>): void;
}

/**
 * Results grouped by page (listbox of the modal): the page title heads each group, each option is a
 * matching section with its excerpt. Options are not tab stops: focus stays in the input (combobox).
 */
export function ResultList({ groups, query, settings, active, idPrefix, onActivate, onOpen }: ResultListProps) {
  let index = -1;
  return (
    <div className="search-results" role="listbox" id={`${idPrefix}-list`} aria-label={t(settings, 'search.resultsLabel')}>
      {groups.map((group) => (
        <div className="search-results__group" role="group" aria-label={group.pageTitle} key={group.page}>
          <div className="search-results__page" aria-hidden="true">
            <Title text={group.pageTitle} query={query} />
          </div>
          {group.hits.map((hit) => {
            const i = ++index;
            return (
              <HitOption
                key={hit.id}
                id={`${idPrefix}-option-${i}`}
                active={i === active}
                href={hitHref(hit, settings)}
                icon={hit.section.length ? '#' : '¶'}
                title={<HitLabel hit={hit} query={query} />}
                detail={hit.excerpt ? <Marked segments={parseMarked(hit.excerpt)} /> : null}
                onActivate={() => i !== active && onActivate(i)}
                onOpen={(e) => onOpen(hit, e)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}
