import type { ReactNode } from 'react';

export type HydrateOn = 'visible' | 'interaction' | 'load';

/**
 * Server side of a React island: the markup rendered now, plus the island's name and props as JSON,
 * from which `src/client/islands.ts` loads the island's module and hydrates it (when visible, on
 * interaction, or at load). The props must be the same plain data the server used, so hydration matches.
 * Props many pages share can live in a file of their own (`propsSrc`, a URL; see Theme.sharedFiles),
 * which the client loads beside the module; `props` go on top of them.
 */
export function Island({
  name,
  props,
  propsSrc,
  on = 'visible',
  children,
}: {
  name: string;
  props: object;
  propsSrc?: string;
  on?: HydrateOn;
  children: ReactNode;
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} data-props-src={propsSrc} data-hydrate={on}>
      {children}
    </div>
  );
}
