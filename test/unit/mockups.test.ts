import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ComponentError } from '../../src/shared/component-error.ts';
import { MOCKUPS, ProductShot, Showcase } from '../../themes/classic/mdx/mockups.tsx';

const render = (type: typeof ProductShot | typeof Showcase, props: Record<string, string>) =>
  renderToStaticMarkup(createElement(type as (p: Record<string, string>) => ReturnType<typeof ProductShot>, props));

describe('product mock-ups', () => {
  it('mock-ups: should draw each one as a labelled inline SVG sized by its attributes, without ids or external files', () => {
    for (const [name, { width, height }] of Object.entries(MOCKUPS)) {
      const html = render(ProductShot, { show: name, alt: 'Eine Zeichnung mit Text', caption: 'Bildunterschrift' });
      expect(html, name).toContain(`viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"`);
      expect(html, name).toContain('role="img" aria-label="Eine Zeichnung mit Text"');
      expect(html, name).toContain('<figcaption>Bildunterschrift</figcaption>');
      expect(html, name).not.toMatch(/\sid="|<image|href=/);
      expect(Buffer.byteLength(html), name).toBeLessThan(8 * 1024);
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
});
