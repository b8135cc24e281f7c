// The realistic benchmark content (../shared/bench/gen-site.mjs, seed 42, pages of about 5 kB) laid out as a quire
// site: the generated pages under content/docs/gen with relative .md links, a start page, the repository's German
// and English interface texts, and two configs (site.config.ts with the local search index, hosted.config.ts
// without). Used by bench/peers.mjs and bench/dev.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const generator = path.resolve(repo, '../shared/bench/gen-site.mjs');

/** Runs gen-site.mjs: `pages` pages into `out`, links written as `links` (md: relative files; url: routes). */
export function generatePages(pages, out, links) {
  if (!existsSync(generator)) throw new Error(`the content generator is missing: ${generator} (../shared beside the repository)`);
  const args = [generator, '--n', String(pages), '--out', out, '--links', links, '--seed', '42', '--base', '/docs/gen'];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`gen-site.mjs failed (${r.status}):\n${(r.stderr || r.stdout || '').slice(-3000)}`);
}

/** Writes the quire site at `root` (see above); the pages themselves are generated only once per folder. */
export function realisticQuireSite(pages, root) {
  const mark = path.join(root, `.generated-${pages}`);
  if (existsSync(mark)) return copyLocales(root);
  generatePages(pages, path.join(root, 'content/docs/gen'), 'md');
  writeFileSync(path.join(root, 'content/docs/index.md'), '---\ntitle: Start\ndescription: Startseite des Benchmarks.\n---\nWillkommen.\n');
  const config = (search) => `export default {
  title: 'Bench', url: 'https://bench.example', baseUrl: '/de/',
  product: { name: 'Bench', slug: 'bench' },
  i18n: { defaultLocale: 'de', currentLocale: 'de', locales: ['de'] },
  navbar: { title: 'Bench', items: [{ type: 'link', label: 'Docs', to: '/docs/' }, { type: 'search' }] },
  footer: { links: [{ title: 'Docs', items: [{ label: 'Start', to: '/docs/' }] }], copyright: 'Bench' },${search}
};
`;
  writeFileSync(path.join(root, 'site.config.ts'), config(''));
  writeFileSync(
    path.join(root, 'hosted.config.ts'),
    config("\n  search: { provider: 'hosted', hosted: { appId: 'BENCH', apiKey: 'bench', indexName: 'bench' } },"),
  );
  copyLocales(root);
  writeFileSync(mark, '');
  return root;
}

/** The interface texts, from the repository each time: a site generated before a new message id gets it too. */
export function copyLocales(root) {
  mkdirSync(path.join(root, 'locales'), { recursive: true });
  for (const code of ['de', 'en'])
    writeFileSync(path.join(root, 'locales', `${code}.json`), readFileSync(path.join(repo, 'locales', `${code}.json`)));
  return root;
}
