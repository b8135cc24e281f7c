/**
 * Code colours from a Docusaurus project's `themeConfig.prism.theme` and `darkTheme`: prism-react-renderer's theme
 * objects (`plain`, and `styles` by Prism token type, optionally by language). Docusaurus draws them as inline styles
 * on each token; quire highlights at build time with the same token classes, so the theme becomes a stylesheet
 * after the site's own: `theme` in both colour modes unless `darkTheme` is given, as Docusaurus's `usePrismTheme`.
 */

/** One prism-react-renderer theme, as a config gives it. */
export interface CodeTheme {
  plain: Record<string, string | number>;
  styles: { types: string[]; languages?: string[]; style: Record<string, string | number> }[];
}

/** A CSS property name as prism-react-renderer's style objects write it (React's camelCase). */
const PROPERTY = /^[a-zA-Z][a-zA-Z-]*$/;
/** A value that stays inside its declaration: no `;`, braces, `<`, backslash or comment. */
const VALUE = /^[^;{}<>\\]*$/;
/** A token type or language: Prism's names (`class-name`, `template-string`, `js`). */
const NAME = /^[a-zA-Z][\w-]*$/;

function isStyle(v: unknown): v is Record<string, string | number> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.entries(v).every(
      ([k, x]) => PROPERTY.test(k) && (typeof x === 'number' || (typeof x === 'string' && VALUE.test(x) && !x.includes('/*'))),
    )
  );
}

/** Whether a value is a theme this module can write as CSS (anything else is left unread, and named, by the config). */
export function isCodeTheme(v: unknown): v is CodeTheme {
  if (typeof v !== 'object' || v === null) return false;
  const { plain, styles } = v as { plain?: unknown; styles?: unknown };
  return (
    isStyle(plain) &&
    Array.isArray(styles) &&
    styles.every(
      (s: { types?: unknown; languages?: unknown; style?: unknown }) =>
        Array.isArray(s.types) &&
        s.types.every((t) => typeof t === 'string' && NAME.test(t)) &&
        (s.languages === undefined || (Array.isArray(s.languages) && s.languages.every((l) => typeof l === 'string' && NAME.test(l)))) &&
        isStyle(s.style),
    )
  );
}

const kebab = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const declarations = (style: Record<string, string | number>) =>
  Object.entries(style)
    .map(([k, v]) => `${kebab(k)}: ${v}`)
    .join('; ');

/** The rules of one theme under a colour-mode scope (`html[data-theme]`, `html[data-theme="dark"]`). */
function themeRules(theme: CodeTheme, scope: string): string[] {
  // A token the theme gives no style shows the plain colour, as in Docusaurus, not the site theme's token colours.
  const rules = [
    `${scope} .code-block { ${declarations(theme.plain)} }`,
    `${scope} .code-block .token { color: inherit; font-style: inherit; font-weight: inherit }`,
  ];
  for (const { types, languages, style } of theme.styles) {
    if (!types.length || !Object.keys(style).length) continue;
    const within = languages?.length ? languages.map((l) => ` .code[data-language="${l}"]`) : [''];
    const selectors = types.flatMap((t) => within.map((w) => `${scope} .code-block${w} .token.${t}`));
    rules.push(`${selectors.join(', ')} { ${declarations(style)} }`);
  }
  return rules;
}

/** The stylesheet for a light theme and an optional dark one; empty without either. */
export function codeThemeCss({ light, dark }: { light?: CodeTheme; dark?: CodeTheme }): string {
  return [...(light ? themeRules(light, 'html[data-theme]') : []), ...(dark ? themeRules(dark, 'html[data-theme="dark"]') : [])].join('\n');
}
