import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { interpolate } from '../../themes/classic/interpolate.tsx';

describe("interpolate (the theme's one {name} filler)", () => {
  it('interpolate: should give a text when every value is a text or a number', () => {
    expect(interpolate('{n} Seiten über {topic}', { n: 3, topic: 'Kanji' })).toBe('3 Seiten über Kanji');
  });

  it('interpolate: should keep a placeholder without a value, and the message without values', () => {
    expect(interpolate('Hallo {name}, {rest}', { name: 'Ann' })).toBe('Hallo Ann, {rest}');
    expect(interpolate('Hallo {name}')).toBe('Hallo {name}');
  });

  it('interpolate: should put elements in their places, a missing one (null) showing nothing', () => {
    const atDate = interpolate(' am {date}', { date: h('b', null, h('time', null, '1. Dez. 2026')) });
    const html = (byUser: unknown) =>
      renderToString(h('p', null, interpolate('Zuletzt aktualisiert{atDate}{byUser}', { atDate, byUser: byUser as null })));
    expect(html(null)).toBe('<p>Zuletzt aktualisiert<!-- --> am <b><time>1. Dez. 2026</time></b></p>');
    expect(html(interpolate(' von {user}', { user: h('b', null, 'Bob') }))).toBe(
      '<p>Zuletzt aktualisiert<!-- --> am <b><time>1. Dez. 2026</time></b> von <b>Bob</b></p>',
    );
  });
});
