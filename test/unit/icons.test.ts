import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ICONS, Icon } from '../../themes/classic/mdx/icons.tsx';

describe('feature icons', () => {
  it('icons: should draw a named icon as inline SVG, hidden from screen readers, in the colour of the text', () => {
    const svg = renderToStaticMarkup(createElement(Icon, { name: 'globe' }));
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 24 24"[^>]*stroke="currentColor"[^>]*aria-hidden="true"/);
    expect(svg).toContain('<circle cx="12" cy="12" r="10">');
    expect(svg).toContain('stroke-width="2"');
  });

  it('icons: should give every bundled icon some shape', () => {
    for (const [name, node] of Object.entries(ICONS)) expect(node.length, name).toBeGreaterThan(0);
  });

  it('icons: should refuse a name the theme does not have (an emoji, a typo), naming the ones it has', () => {
    expect(() => renderToStaticMarkup(createElement(Icon, { name: '🌐' }))).toThrow(
      /icon="🌐": no such icon in the theme; it has: book-open, .*globe/,
    );
  });
});
