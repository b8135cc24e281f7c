/** What `socialImageOf` reads of a compiled page (structurally a `Compiled`). */
interface PageImages {
  socialImage?: string;
  source: { frontMatter: { image?: string } };
}

/**
 * The social card a page shows in link previews (`og:image`), as the page's head names it: the page's
 * published asset (front matter `image` relative to the page), else its front matter `image`, else the
 * config's. The key of `Site.imageSizes` (read by plan, shown by render).
 */
export function socialImageOf(config: { image?: string }, compiled: PageImages | undefined): string | undefined {
  return compiled?.socialImage ?? compiled?.source.frontMatter.image ?? config.image;
}
