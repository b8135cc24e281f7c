import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ComponentError } from '../../src/shared/component-error.ts';
import { MOCKUPS, Mockup, ProductShot, Showcase, wrap } from '../../themes/classic/mdx/mockups.tsx';

const render = (type: typeof ProductShot | typeof Showcase, props: Record<string, string>) =>
  renderToStaticMarkup(createElement(type as (p: Record<string, string>) => ReturnType<typeof ProductShot>, props));

describe('product mock-ups', () => {
  it('mock-ups: should draw each one as a labelled inline SVG sized by its attributes, without ids or external files', () => {
    for (const [name, { wide, phone }] of Object.entries(MOCKUPS)) {
      const html = render(ProductShot, { show: name, alt: 'Eine Zeichnung mit Text', caption: 'Bildunterschrift' });
      // Both drawings, each sized by its own attributes; the phone one narrower and out of the search index.
      for (const [variant, { width, height }] of [
        ['wide', wide()],
        ['phone', phone()],
      ] as const)
        expect(html, `${name} ${variant}`).toMatch(
          new RegExp(
            `data-variant="${variant}"(?: data-pagefind-ignore="")? [^>]*viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"`,
          ),
        );
      expect(phone().width, name).toBeLessThan(wide().width);
      expect(html, name).toContain('data-variant="phone" data-pagefind-ignore=""');
      expect(html.match(/role="img" aria-label="Eine Zeichnung mit Text"/g), name).toHaveLength(2);
      expect(html, name).toContain('<figcaption>Bildunterschrift</figcaption>');
      expect(html, name).not.toMatch(/\sid="|<image|href=/);
      const drawings = html.match(/<svg class="mockup[\s\S]*?<\/svg>(?=<svg class="mockup|<\/div>)/g) ?? [];
      expect(drawings, name).toHaveLength(2);
      for (const svg of drawings) expect(Buffer.byteLength(svg), name).toBeLessThan(8 * 1024);
    }
  });

  it('mock-ups: should hide a mock-up with an empty alt from assistive technology', () => {
    const html = render(ProductShot, { show: 'video', alt: '' });
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain('role="img"');
  });

  it('mock-ups: should name the component and the prop when a mock-up or a side does not exist', () => {
    const thrown = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const unknown = thrown(() => render(ProductShot, { show: 'comic', alt: 'x' }));
    expect(unknown).toBeInstanceOf(ComponentError);
    expect((unknown as ComponentError).component).toBe('ProductShot');
    expect((unknown as Error).message).toBe('<ProductShot show="comic">: no such mock-up; there are: webpage, pdf, video, manga, image');
    const side = thrown(() => render(Showcase, { visual: 'pdf', alt: 'x', side: 'oben' }));
    expect((side as ComponentError).component).toBe('Showcase');
    expect(render(Showcase, { visual: 'pdf', alt: 'x', side: 'left' })).toContain('class="showcase showcase--left"');
  });

  it('mock-ups: should break a text of its own into lines that fit, the phone drawing showing its first paragraph only', () => {
    expect(wrap('Die Lichter der Stadt flackerten ein einziges Mal', 20)).toEqual([
      'Die Lichter der',
      'Stadt flackerten ein',
      'einziges Mal',
    ]);
    const text = {
      address: 'reader.example.com/star-gate',
      title: 'Star Gate',
      pairs: [
        [
          'The city lights flickered once, as if something vast had just drawn a breath beneath the streets.',
          'Die Lichter der Stadt flackerten.',
        ],
        ['A second paragraph.', 'Ein zweiter Absatz.'],
      ] as [string, string][],
    };
    const wide = renderToStaticMarkup(MOCKUPS.webpage.wide(text).body as ReactElement);
    const phone = renderToStaticMarkup(MOCKUPS.webpage.phone(text).body as ReactElement);
    expect(wide).toContain('reader.example.com/star-gate');
    expect(wide).toContain('A second paragraph.');
    expect(phone).toContain('>reader.example.com<');
    expect(phone).not.toContain('A second paragraph.');
    // 16-unit text in a 316-unit line: the long sentence takes three lines, none over 35 characters.
    const lines = [...phone.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
    expect(lines.filter((l) => /city|vast|breath|streets/.test(l))).toHaveLength(3);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(35);
    // A taller text makes a taller drawing: the size in the markup follows the content.
    expect(MOCKUPS.webpage.phone(text).height).toBeGreaterThan(MOCKUPS.webpage.phone({ ...text, pairs: [['Short.', 'Kurz.']] }).height);
  });

  it('mock-ups: should refuse a text of its own for a mock-up other than the webpage', () => {
    const error = (() => {
      try {
        renderToStaticMarkup(
          createElement(Mockup, { name: 'pdf', alt: 'x', use: ['Hero', 'visual'], text: { address: 'a', pairs: [['b', 'c']] } }),
        );
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ComponentError);
    expect((error as Error).message).toBe('<Hero visual="pdf">: only the webpage mock-up takes a text of its own');
  });
});
