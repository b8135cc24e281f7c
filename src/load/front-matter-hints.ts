/** Hints for front matter a writer gets wrong: what to write instead, with the writer's own field and value. */

/**
 * The last top-level field of front matter that is never closed (`---` on the first line): the lines that look
 * like YAML (fields, their indented or listed values, comments) up to the first blank or other line.
 */
export function lastField(text: string): { key: string; line: number } | undefined {
  let last: { key: string; line: number } | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const field = /^([A-Za-z_][\w-]*)[ \t]*:/.exec(line);
    if (field) last = { key: field[1], line: i + 1 };
    else if (!/^(?:[ \t]+\S|-[ \t]|#)/.test(line)) break;
  }
  return last;
}

/** YAML errors (front-matter-yaml.ts) for a plain value that YAML reads as something else: the line written with its value quoted. */
const NEEDS_QUOTES: Record<string, string> = {
  // `title: Tipp: So geht's`
  COLON: 'a colon followed by a space would start another field',
  // `title: @home`, `` title: `code` ``, `title: %rabatt`
  RESERVED: 'YAML reserves the character it starts with',
  // `title: 'It's'`, `title: "Zitat" und mehr`, `title: - Liste`, `title: |x`
  MARKUP: 'YAML reads part of it as markup',
  // `title: !wichtig`
  TAG: 'a value starting with ! names a YAML type',
  // `title: *Sternchen`
  ALIAS: 'a value starting with * names an anchor',
};

/** The hint for a YAML error on a `key: value` line that quotes would fix, else undefined. */
export function quotingHint(code: string, line: string): string | undefined {
  const field = /^([A-Za-z_][\w-]*)[ \t]*:[ \t]+(.*?)[ \t]*\r?$/.exec(line);
  if (!field || !Object.hasOwn(NEEDS_QUOTES, code) || !field[2]) return undefined;
  let value = field[2];
  // `'It's'`: quoted already, but with the same quote inside.
  if (value.length >= 2 && (value[0] === "'" || value[0] === '"') && value.endsWith(value[0])) value = value.slice(1, -1);
  const quoted = value.includes('"') && !value.includes("'") ? `'${value}'` : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `Put the value in quotes (${NEEDS_QUOTES[code]}): ${field[1]}: ${quoted}`;
}

/** What to write instead of a value of the wrong type: quotes for text, list syntax for a list. `key`: a top-level field. */
export function typeHint(key: string | undefined, expected: string, value: unknown, written: string | undefined): string | undefined {
  const field = key ? `${key}: ` : '';
  if (expected === 'array' && typeof value === 'string') {
    const items = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return `A list is written in brackets, ${field}[${items.join(', ')}], or as lines starting with "- "${key ? ` below ${key}:` : ''}.`;
  }
  if (expected === 'string' && value === null)
    return key ? `Write a text after ${key}:, or leave the field out.` : 'Write a text, or leave the entry out.';
  if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean'))
    return `Put it in quotes to keep it as text: ${field}"${written ?? String(value)}"`;
  if (expected === 'boolean') return 'Write true or false.';
  if (expected === 'number') return 'Write a number, such as 2.';
  return undefined;
}

/** The value at a key path of parsed front matter (an issue's path), or undefined. */
export function valueAt(data: unknown, keys: readonly PropertyKey[]): unknown {
  let v: unknown = data;
  // Own keys only: a path through `constructor` must not reach Object.prototype's.
  for (const k of keys)
    v = v === null || typeof v !== 'object' || !Object.hasOwn(v, k) ? undefined : (v as Record<PropertyKey, unknown>)[k];
  return v;
}
