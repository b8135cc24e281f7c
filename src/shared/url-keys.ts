/**
 * Names that hold a site path wherever a writer puts one: props of the theme's MDX components
 * (`<Hero primaryHref="/download/" />`) and keys of the data files (`"ctaHref": "/download/"`). The link
 * checker checks their values like Markdown links.
 */
export const URL_KEYS: ReadonlySet<string> = new Set(['href', 'primaryHref', 'secondaryHref', 'ctaHref', 'src', 'image', 'to']);
