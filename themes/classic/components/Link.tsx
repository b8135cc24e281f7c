import type { ReactNode } from 'react';
import { externalProps, isExternal, useHref } from '../context.tsx';

export interface LinkProps {
  /** Internal site path (`/docs/faq/`) or external URL. */
  to: string;
  children: ReactNode;
  className?: string;
  id?: string;
  [data: `data-${string}`]: string | boolean | undefined;
  'aria-current'?: 'page';
  hidden?: boolean;
}

/** Every link of the theme: base path and trailing slash for internal paths, new tab for external ones. */
export function Link({ to, children, ...rest }: LinkProps) {
  const href = useHref()(to);
  return (
    <a href={href} {...(isExternal(to) ? externalProps(to) : {})} {...rest}>
      {children}
    </a>
  );
}
