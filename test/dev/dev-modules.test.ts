import { afterAll, describe, expect, it } from 'vitest';
import { makeSite } from '../helpers.ts';
import { openSession } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

describe('quire dev on a page that imports components and a partial', () => {
  it('re-renders the pages that use a component or partial when it is edited, and only those', async () => {
    const site = await makeSite('docusaurus-classic', {
      'src/components/Badge.js': 'export default function Badge({ text }) {\n  return <span className="my-badge">{text} eins</span>;\n}\n',
      'docs/_teil.mdx': 'Teil **alt**.\n',
      'docs/mit-badge.mdx':
        "---\ntitle: Badge\n---\nimport Badge from '@site/src/components/Badge';\nimport Teil from './_teil.mdx';\n\n<Badge text=\"Hallo\" />\n\n<Teil />\n",
    });
    cleanups.push(site.cleanup);
    const { store, edit } = await openSession(site.root);
    const page = () => String(store.raw('docs/mit-badge/index.html'));
    expect(page()).toContain('<span class="my-badge">Hallo<!-- --> eins</span>');

    const component = await edit({ 'src/components/Badge.js': (old) => old.replace('eins', 'zwei') });
    expect(component.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(component.rendered).toEqual(['/docs/mit-badge/']);
    expect(page()).toContain('<span class="my-badge">Hallo<!-- --> zwei</span>');

    const partial = await edit({ 'docs/_teil.mdx': 'Teil **neu**.\n' });
    expect(partial.rendered).toEqual(['/docs/mit-badge/']);
    expect(page()).toContain('Teil <strong>neu</strong>.');

    // A broken component is its error at its line; fixed, the page is back.
    const broken = await edit({ 'src/components/Badge.js': 'export default function Badge() {\n  return <span>;\n}\n' });
    expect(broken.diagnostics).toContainEqual(expect.objectContaining({ code: 'Q039', file: 'src/components/Badge.js' }));
    const fixed = await edit({ 'src/components/Badge.js': 'export default function Badge({ text }) {\n  return <b>{text}</b>;\n}\n' });
    expect(fixed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(page()).toContain('<b>Hallo</b>');
  });

  it("re-renders the pages using src/theme/MDXComponents's names when it is edited, and reads the names it adds again", async () => {
    const site = await makeSite('docusaurus-classic', {
      'src/theme/MDXComponents.js':
        'import MDXComponents from \'@theme-original/MDXComponents\';\nexport default { ...MDXComponents, Mark: ({children}) => <mark className="eins">{children}</mark> };\n',
      'docs/global.mdx': '---\ntitle: Global\n---\n\nDas ist <Mark>wichtig</Mark>.\n',
      'docs/other.mdx': '---\ntitle: Other\n---\n\nNothing global.\n',
    });
    cleanups.push(site.cleanup);
    const { store, edit } = await openSession(site.root);
    const page = () => String(store.raw('docs/global/index.html'));
    expect(page()).toContain('<mark class="eins">wichtig</mark>');

    const changed = await edit({ 'src/theme/MDXComponents.js': (old) => old.replace('eins', 'zwei') });
    expect(changed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(changed.rendered).toEqual(['/docs/global/']);
    expect(page()).toContain('<mark class="zwei">wichtig</mark>');

    // A name it no longer adds is unknown (Q032) at its use; added again, the page is back.
    const removed = await edit({ 'src/theme/MDXComponents.js': (old) => old.replace('Mark:', 'Marker:') });
    expect(removed.diagnostics).toContainEqual(expect.objectContaining({ code: 'Q032', file: 'docs/global.mdx', line: 5 }));
    const back = await edit({ 'src/theme/MDXComponents.js': (old) => old.replace('Marker:', 'Mark:').replace('zwei', 'drei') });
    expect(back.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(page()).toContain('<mark class="drei">wichtig</mark>');
  });
});
