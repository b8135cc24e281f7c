// Quick authoring check used while the build engine is being written:
// compiles MDX files with the same syntax extensions as quire and reports errors.
// Usage: node scripts/check-content.mjs content/docs/faq.mdx [more files...]
import { readFile } from 'node:fs/promises';
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { parse as parseYaml } from 'yaml';
import { visit } from 'unist-util-visit';

const COMPONENTS = new Set(['Hero', 'FeatureGrid', 'Feature', 'Steps', 'Step', 'PricingTable', 'SupportedSites', 'Faq', 'Question',
  'CallToAction', 'Testimonials', 'Testimonial', 'Figure', 'Stat', 'Stats', 'CardGrid', 'Card', 'BilingualPassage', 'Para',
  'Kbd', 'ProBadge', 'Tabs', 'Tab', 'MangaPromo', 'VideoSiteTable']);
const ADMONITIONS = new Set(['note', 'tip', 'info', 'warning', 'danger']);
let failed = 0;
for (const file of process.argv.slice(2)) {
  const text = await readFile(file, 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const problems = [];
  let fm = {};
  if (!m) problems.push('missing YAML front matter');
  else { try { fm = parseYaml(m[1]) ?? {}; } catch (e) { problems.push('front matter: ' + e.message); } }
  if (!fm.title) problems.push('front matter: title is required');
  if (!fm.description) problems.push('front matter: description is required');
  const body = m ? text.slice(m[0].length) : text;
  const words = body.replace(/<[^>]+>/g, ' ').split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
  const check = () => (tree) => {
    visit(tree, (node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && !COMPONENTS.has(node.name) && !/^[a-z]/.test(node.name))
        problems.push(`${node.position?.start.line}: unknown component <${node.name}>`);
      if (node.type === 'containerDirective' && !ADMONITIONS.has(node.name))
        problems.push(`${node.position?.start.line}: unknown admonition :::${node.name}`);
      if (node.type === 'link' && node.url.startsWith('/') && !/^\/[^#?]*\/(#.*)?$/.test(node.url) && !/\.(svg|png|jpg|pdf|zip)$/.test(node.url))
        problems.push(`${node.position?.start.line}: internal link ${node.url} should end with a slash`);
      if (node.type === 'link' && node.url.startsWith('/de/'))
        problems.push(`${node.position?.start.line}: write internal links without the /de prefix: ${node.url}`);
    });
  };
  try {
    await compile(body.replace(/\s\{#([\w-]+)\}\s*$/gm, ' \\{#$1\\}'), { remarkPlugins: [remarkGfm, remarkDirective, check] });
  } catch (e) {
    problems.push(`${e.line ?? e.place?.line ?? '?'}:${e.column ?? e.place?.column ?? '?'} MDX: ${e.reason ?? e.message}`);
  }
  if (problems.length) { failed++; console.log(`✗ ${file} (${words} words)\n  - ${problems.join('\n  - ')}`); }
  else console.log(`✓ ${file} (${words} words)`);
}
process.exitCode = failed ? 1 : 0;
