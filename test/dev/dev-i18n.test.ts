import { afterAll, describe, expect, it } from 'vitest';
import { makeSite } from '../helpers.ts';
import { openSession } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

const FR_DOCS = 'i18n/fr/docusaurus-plugin-content-docs/current';

describe('quire dev on a Docusaurus locale with translations (test/fixtures/docusaurus-i18n)', () => {
  it('builds again what an edit to a translation changes: a translated file, code.json, navbar.json', async () => {
    const site = await makeSite('docusaurus-i18n');
    cleanups.push(site.cleanup);
    const { store, edit } = await openSession(site.root, { locale: 'fr' });
    const page = () => String(store.raw('fr/docs/basics/usage/index.html'));
    expect(page()).toContain('Utilisation');

    const file = await edit({ [`${FR_DOCS}/basics/usage.mdx`]: (old) => old.replace('# Utilisation', '# Mode d’emploi') });
    expect(file.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(page()).toContain('Mode d’emploi');

    await edit({ 'i18n/fr/code.json': (old) => old.replace('Bonjour depuis', 'Salut depuis') });
    expect(page()).toContain('Salut depuis la page');

    await edit({ 'i18n/fr/docusaurus-theme-classic/navbar.json': (old) => old.replace('Tutoriel', 'Guide') });
    expect(page()).toMatch(/<a[^>]*class="navbar__link[^"]*"[^>]*>Guide</);
  });

  it('takes a new translation in place of its original, and an edit to an original that has one leaves one page', async () => {
    const site = await makeSite('docusaurus-i18n');
    cleanups.push(site.cleanup);
    const { store, edit } = await openSession(site.root, { locale: 'fr' });
    const setup = () => String(store.raw('fr/docs/basics/setup/index.html'));
    expect(setup()).toContain('Setup');

    const added = await edit({ [`${FR_DOCS}/basics/setup.md`]: '# Installation\n\nInstallez-le. Lisez ensuite [l’usage](./usage.mdx).\n' });
    expect(added.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(setup()).toContain('Installation');

    const original = await edit({ 'docs/basics/usage.mdx': (old) => `${old}\nMore text.\n` });
    expect(original.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(String(store.raw('fr/docs/basics/usage/index.html'))).toContain('Utilisation');
  });
});
