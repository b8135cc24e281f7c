import type { ReactNode } from 'react';

export type HydrateOn = 'visible' | 'interaction' | 'load';

/**
 * Server side of a React island: the markup rendered now, plus the island's name and props as JSON,
 * from which `src/client/islands.ts` loads the island's module and hydrates it (when visible, on
 * interaction, or at load). The props must be the same plain data the server used, so hydration matches.
 */
export function Island({ name, props, on = 'visible', children }: { name: string; props: object; on?: HydrateOn; children: ReactNode }) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} data-hydrate={on}>
      {children}
    </div>
  );
}
