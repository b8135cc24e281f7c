/**
 * Visible German prose of an MDX/Markdown file, for word counts and the spell check:
 * no front matter, code, URLs, JSX markup or English sample lines (`en="…"`).
 */
export function proseOf(source: string): string {
  let text = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  text = text.replace(/^```[\s\S]*?^```/gm, ' ');
  text = text.replace(/`[^`\n]*`/g, ' ');
  // Visible attribute values of components (titles, questions, captions, German lines).
  const visible: string[] = [];
  text = text.replace(/<[A-Z][\w.]*((?:\s+[\w-]+(?:=(?:"[^"]*"|'[^']*'|\{[^}]*\}))?)*)\s*\/?>/g, (_all, attrs: string) => {
    for (const m of attrs.matchAll(/([\w-]+)=(?:"([^"]*)"|'([^']*)')/g)) {
      if (
        [
          'title',
          'lead',
          'q',
          'de',
          'label',
          'caption',
          'alt',
          'imageAlt',
          'primaryLabel',
          'secondaryLabel',
          'name',
          'role',
          'tagline',
        ].includes(m[1])
      )
        visible.push(m[2] ?? m[3]);
    }
    return ' ';
  });
  text = text.replace(/<\/[A-Z][\w.]*>/g, ' ');
  text = text.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1');
  text = text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  text = text.replace(/https?:\/\/\S+|mailto:\S+|[\w.+-]+@[\w-]+\.[\w.]+/g, ' ');
  text = text.replace(/\{#[^}]+\}/g, ' ');
  text = text.replace(/^:::\w+.*$|^:::$/gm, ' ');
  text = text.replace(/&[a-z]+;|\\[{}<>]/g, ' ');
  return (text + '\n' + visible.join('\n')).replace(/[*_>|#~]/g, ' ');
}

/** Words with at least one letter. */
export function wordCount(prose: string): number {
  return prose.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
}
