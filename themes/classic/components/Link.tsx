import type { ReactNode } from 'react';
import { escapeAttribute } from '../../../src/shared/html.ts';
import { externalProps, isExternal, useHref, useT } from '../context.tsx';

export interface LinkProps {
  /** Internal site path (`/docs/faq/`) or external URL. */
  to: string;
  children?: ReactNode;
  className?: string;
  id?: string;
  [data: `data-${string}`]: string | boolean | undefined;
  'aria-current'?: 'page';
  'aria-keyshortcuts'?: string;
  title?: string;
  hidden?: boolean;
  /** Where the link opens (a Docusaurus navbar item's `target`): external links open in a new tab unless it says. */
  target?: string;
  /** The config author's HTML as the link's content, in place of `children` (a navbar link's `html`). */
  html?: string;
}

/**
 * Every link of the theme: base path and trailing slash for internal paths, new tab for external ones
 * (which says so to screen readers, whose users would otherwise find the Back button not working).
 */
export function Link({ to, children, target, html, ...rest }: LinkProps) {
  const href = useHref()(to);
  const t = useT();
  const external = isExternal(to) ? externalProps(to) : {};
  const opens = target ?? external.target;
  if (html !== undefined) {
    // The HTML is the link's whole content, as Docusaurus writes it; the new-tab notice follows it, escaped.
    const notice = opens === '_blank' ? `<span class="visually-hidden">${escapeAttribute(t('link.newTab'))}</span>` : '';
    return <a href={href} {...external} target={opens} {...rest} dangerouslySetInnerHTML={{ __html: html + notice }} />;
  }
  return (
    <a href={href} {...external} target={opens} {...rest}>
      {children}
      {opens === '_blank' ? <span className="visually-hidden">{t('link.newTab')}</span> : null}
    </a>
  );
}
