/**
 * What a theme component throws about its own use: a data entry or config key it needs is missing
 * (`<Stat id="…" />: no figure …`). The render stage reports it at the component's use on the page, which it
 * finds by `component`, the name the page writes.
 */
export class ComponentError extends Error {
  constructor(
    readonly component: string,
    message: string,
    /** The use's place in the page's file, when the component was told it (a use of one of the page's imports). */
    readonly place?: { line: number; column: number },
  ) {
    super(message);
    this.name = 'ComponentError';
  }
}
