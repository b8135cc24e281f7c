import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { refractor } from 'refractor/core';
import { describe, expect, it } from 'vitest';
import { highlightRuns, segments } from '../../src/compile/plugins/code.ts';
import { PRISM_ALIASES } from '../../src/highlight/prism-aliases.ts';
import { repoRoot } from '../helpers.ts';

/**
 * Code blocks are highlighted from Prism's tokens directly (highlightRuns); the runs of text and classes must be the
 * ones refractor's HTML tree gives (segments), for every language and piece of code.
 */
const viaTree = (code: string, grammar: string) => segments(refractor.highlight(code, grammar).children, '', []);

async function load(lang: string): Promise<string> {
  const file = Object.hasOwn(PRISM_ALIASES, lang) ? PRISM_ALIASES[lang] : lang;
  const grammar = (await import(`refractor/${file}`)) as { default: Parameters<typeof refractor.register>[0] };
  refractor.register(grammar.default);
  expect(refractor.registered(lang), lang).toBe(true);
  return lang;
}

/** The fenced code blocks of the site's pages and the test fixtures, by language. */
function fences(): [string, string][] {
  const out: [string, string][] = [];
  for (const dir of ['content', 'test/fixtures']) {
    const files = (readdirSync(path.join(repoRoot, dir), { recursive: true }) as string[]).filter((f) => /\.mdx?$/.test(f));
    for (const f of files)
      for (const m of readFileSync(path.join(repoRoot, dir, f), 'utf8').matchAll(/^```([\w+#-]+)[^\n]*\n([\s\S]*?)\n```$/gm))
        out.push([m[1].toLowerCase(), m[2]]);
  }
  return out;
}

const SNIPPETS: [string, string][] = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a code sample, not a template.
  ['ts', 'export interface A<T> { a: T[]; b?: `x${1 + 2}y` }\nconst f = async (x: number): Promise<void> => { /* c */ };\n// end'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a code sample, not a template.
  ['tsx', 'export const X = () => <div className="a" onClick={() => f(`t ${a}`)}>{b}</div>;'],
  ['json', '{\n  "a": [1, 2.5e3, true, null],\n  "b": { "c": "d\\"e" }\n}'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a code sample, not a template.
  ['bash', 'for f in *.md; do echo "$f ${f%.md}" | grep -q x && npm run build -- --out "$HOME/x"; done # c'],
  ['python', 'def f(a: int = 1, *b, **c) -> str:\n    """doc"""\n    return f"{a!r:>10}" if a else r\'\\d\''],
  ['yaml', 'a: &x 1\nb:\n  - *x\n  - "s"\nc: |\n  text\n# c'],
  ['diff', '--- a\n+++ b\n@@ -1,2 +1,2 @@\n-old\n+new\n context'],
  ['css', '@media (min-width: 1px) { .a > .b::before { content: "\\2014"; color: rgb(0 0 0 / 50%) !important; } }'],
  ['go', 'package main\nfunc main() { ch := make(chan int, 1); go func() { ch <- 1 }(); fmt.Println(<-ch) }'],
  ['rust', 'fn main() -> Result<(), Box<dyn Error>> { let x: &\'static str = r#"a"#; println!("{x}"); Ok(()) }'],
  ['sql', "SELECT a, COUNT(*) FROM t WHERE b LIKE 'x%' GROUP BY a HAVING COUNT(*) > 1; -- c"],
  ['ini', '[section]\nkey = value ; c\n'],
  ['powershell', '$x = Get-ChildItem -Path "C:\\" | Where-Object { $_.Length -gt 1kb } # c'],
  ['php', '<?php echo "a $b {$c->d}"; ?>\n<p><?= $x ?></p>'],
  ['js', ''],
  ['js', '\n\n'],
];

describe('highlightRuns', () => {
  it('highlightRuns: should give the runs refractor gives, for the site’s code blocks and snippets in many languages', async () => {
    const blocks = [...fences(), ...SNIPPETS];
    const markupFamily = new Set(['md', 'markdown', 'html', 'xml', 'svg', 'markup', 'mdx', 'php', 'jsx', 'tsx', 'asciidoc', 'adoc']);
    // Languages whose grammars register a `wrap` hook (markup's) come last: after them every block takes refractor's tree.
    const ordered = [...blocks.filter(([l]) => !markupFamily.has(l)), ...blocks.filter(([l]) => markupFamily.has(l))];
    let direct = 0;
    for (const [lang, code] of ordered) {
      if (['text', 'txt', 'mdx'].includes(lang)) continue;
      await load(lang);
      if (!(refractor as unknown as { hooks: { all: { wrap?: unknown[] } } }).hooks.all.wrap?.length) direct++;
      expect(highlightRuns(code, lang), `${lang}: ${code.slice(0, 80)}`).toEqual(viaTree(code, lang));
    }
    // Most blocks took the direct path: the comparison above is not only refractor's tree against itself.
    expect(direct).toBeGreaterThan(40);
  });
});
