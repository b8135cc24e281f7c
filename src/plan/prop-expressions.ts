/** A prop written with a `{…}` value on a component's tag: where its name is (file line and column) and its value. */
export interface WrittenExpression {
  line: number;
  column: number;
  /** `object` for `{{ a: 1 }}`, `array` for `{[1, 2]}`: the whole value one literal; undefined for any other. */
  literal?: 'object' | 'array';
  /** The expression as written, between the braces. */
  text: string;
}

/**
 * The `{…}` props of the component tags in a page's body, by the place of each tag's `<` (file line and column,
 * as a ComponentUse has it): compile records such a prop only as written with an expression, which is all the
 * page's render needs.
 *
 * The page compiled, so each expression is valid JavaScript: finding where it ends needs only its brackets,
 * strings, template literals, comments and regular expressions, which `closing` follows (a JavaScript parser
 * loaded for this would be loaded by every build whose pages write `width={800}`). A tag this reading cannot
 * follow (one in a block quote, whose lines start with `>`) yields the props read up to there: the values it
 * leaves out are checked when the page renders (see shared/component-props.ts).
 */
export function tagExpressions(body: string, bodyLine: number): (line: number, column: number) => Map<string, WrittenExpression> {
  let starts: number[] | undefined;
  const lineStarts = () => {
    if (!starts) {
      starts = [0];
      for (let i = body.indexOf('\n'); i >= 0; i = body.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    return starts;
  };
  const placeOf = (offset: number) => {
    const all = lineStarts();
    let lo = 0;
    let hi = all.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (all[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: bodyLine + lo, column: offset - all[lo] + 1 };
  };
  return (line, column) => {
    const out = new Map<string, WrittenExpression>();
    const start = lineStarts()[line - bodyLine];
    if (start === undefined || body[start + column - 1] !== '<') return out;
    let i = start + column;
    const name = /^[A-Za-z_$][\w$.:-]*/.exec(body.slice(i, i + 200));
    if (!name) return out;
    i += name[0].length;
    for (;;) {
      i = skipSpace(body, i);
      const c = body[i];
      if (c === '{') {
        // `{...props}`: a spread, whose props nobody sees before the page runs.
        const end = closing(body, i);
        if (end === undefined) return out;
        i = end + 1;
        continue;
      }
      const attribute = /^[^\s=/>{}"'<]+/.exec(body.slice(i, i + 200));
      if (!attribute) return out;
      const at = i;
      i = skipSpace(body, i + attribute[0].length);
      if (body[i] !== '=') continue;
      i = skipSpace(body, i + 1);
      const quote = body[i];
      if (quote === '"' || quote === "'") {
        const close = body.indexOf(quote, i + 1);
        if (close < 0) return out;
        i = close + 1;
      } else if (quote === '{') {
        const end = closing(body, i);
        if (end === undefined) return out;
        out.set(attribute[0], { ...placeOf(at), literal: literalKind(body, i + 1, end), text: body.slice(i + 1, end).trim() });
        i = end + 1;
      } else return out;
    }
  };
}

/** Whether the expression from `from` to `end` is one object or array literal and nothing else (`[1, 2][0]` is not). */
function literalKind(text: string, from: number, end: number): 'object' | 'array' | undefined {
  const first = skipSpace(text, from, true);
  if (text[first] !== '{' && text[first] !== '[') return undefined;
  const close = closing(text, first);
  return close !== undefined && skipSpace(text, close + 1, true) === end ? (text[first] === '{' ? 'object' : 'array') : undefined;
}

/**
 * Characters after which a `/` starts a regular expression rather than dividing. Not `<`: in `{<b>x</b>}` (JSX,
 * which is no object or array) the `/` of a closing tag must not start one and run past the expression's end.
 */
const BEFORE_REGEXP = '(,=:[!&|?{};+-*%~^';

/**
 * The offset of the bracket that closes the one (`{`, `[` or `(`) at `open`, in JavaScript: brackets inside
 * strings, template literals (their `${…}` parts followed), comments and regular expressions do not count.
 * Undefined when the text ends first or a bracket closes the wrong one.
 */
export function closing(text: string, open: number): number | undefined {
  // Open brackets, and `$` for a template literal's `${`, whose `}` goes back into the template.
  const stack: string[] = [];
  let previous = '';
  let i = open;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      i = skipSpace(text, i, true);
      continue;
    }
    if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      if (end === undefined) return undefined;
      i = end;
      previous = 'a';
      continue;
    }
    if (c === '`') {
      const next = templatePart(text, i + 1, stack);
      if (next === undefined) return undefined;
      i = next;
      previous = 'a';
      continue;
    }
    if (c === '/' && (previous === '' || BEFORE_REGEXP.includes(previous))) {
      const end = regexpEnd(text, i);
      if (end === undefined) return undefined;
      i = end;
      previous = 'a';
      continue;
    }
    if (c === '{' || c === '[' || c === '(') stack.push(c);
    else if (c === '}' || c === ']' || c === ')') {
      const top = stack.pop();
      if (top === '$' && c === '}') {
        const next = templatePart(text, i + 1, stack);
        if (next === undefined) return undefined;
        i = next;
        previous = 'a';
        continue;
      }
      if (top !== { '}': '{', ']': '[', ')': '(' }[c]) return undefined;
      if (!stack.length) return i;
    }
    previous = /[\w$]/.test(c) ? 'a' : c;
    i++;
  }
  return undefined;
}

/** From inside a template literal: the offset after its closing backtick, or after a `${` (then `$` is on `stack`). */
function templatePart(text: string, i: number, stack: string[]): number | undefined {
  for (; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '`') return i + 1;
    else if (text[i] === '$' && text[i + 1] === '{') {
      stack.push('$');
      return i + 2;
    }
  }
  return undefined;
}

/** The offset after the string literal whose quote is at `i`. */
function stringEnd(text: string, i: number): number | undefined {
  const quote = text[i];
  for (i++; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i + 1;
    else if (text[i] === '\n') return undefined;
  }
  return undefined;
}

/** The offset after the regular expression literal (and its flags) whose `/` is at `i`. */
function regexpEnd(text: string, i: number): number | undefined {
  let inClass = false;
  for (i++; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '\n') return undefined;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      i++;
      while (i < text.length && /[a-z]/i.test(text[i])) i++;
      return i;
    }
  }
  return undefined;
}

/** The offset past white space (and with `comments`, JavaScript comments) from `i`. */
function skipSpace(text: string, i: number, comments = false): number {
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (!comments || text[i] !== '/') return i;
    if (text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return text.length;
      i = end + 2;
    } else return i;
  }
}
