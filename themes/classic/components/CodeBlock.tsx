import { isValidElement, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ComponentError } from '../../../src/shared/component-error.ts';
import { ThemeContext } from '../context.tsx';

/** Docusaurus's `@theme/CodeBlock` props (https://docusaurus.io/docs/markdown-features/code-blocks#usage-in-jsx). */
export interface CodeBlockProps {
  children?: ReactNode;
  language?: string;
  /** `language-js` names the language when `language` does not, as in Docusaurus. */
  className?: string;
  title?: ReactNode;
  /** A fence's meta: `{1,3-4}` highlights lines, `showLineNumbers`, `title="…"`. */
  metastring?: string;
  showLineNumbers?: boolean | number;
  /** Where a use in MDX is (`line:column`), written by quire's compiler (src/compile/plugins/theme-modules.ts). */
  'data-quire-place'?: string;
}

/** The code a CodeBlock holds: its text (texts and numbers joined, as Docusaurus joins them); undefined for anything else. */
function codeOf(children: ReactNode): string | undefined {
  const text = (part: unknown) => typeof part === 'string' || typeof part === 'number';
  if (text(children)) return String(children);
  if (!Array.isArray(children) || !children.length || !children.flat(Number.POSITIVE_INFINITY).every(text)) return undefined;
  return children.flat(Number.POSITIVE_INFINITY).join('');
}

/** The block's meta, as a fence would write it: the one line theme-modules.ts writes for a CodeBlock in MDX. */
function metaOf({ metastring, title, showLineNumbers }: CodeBlockProps): string {
  return [
    metastring ?? '',
    title !== undefined && title !== null && title !== '' ? `title="${String(title).replace(/"/g, "'")}"` : '',
    showLineNumbers === true ? 'showLineNumbers' : typeof showLineNumbers === 'number' ? `showLineNumbers=${showLineNumbers}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * `@theme/CodeBlock` in a project's own code. On the server it is the figure of a fenced block with the same
 * language and meta, highlighted by the render (PageProps.codeBlock). In the browser, where a hydrated component
 * draws it again, the highlighter is not there and need not be: the server's markup is kept (see KeptCodeBlock).
 * Children that are not all text (elements) are drawn as they are in a code block, unhighlighted, without title or
 * line numbers, as Docusaurus's CodeBlock draws them (its `Content/Element`). Anything else (an object) is refused at
 * the use, as React refuses it in Docusaurus.
 */
export function CodeBlock(props: CodeBlockProps) {
  const theme = useContext(ThemeContext);
  const code = codeOf(props.children);
  if (code === undefined && holdsElements(props.children))
    return <ElementCodeBlock className={props.className}>{props.children}</ElementCodeBlock>;
  if (code === undefined) {
    const [line, column] = (props['data-quire-place'] ?? '').split(':').map(Number);
    throw new ComponentError(
      'CodeBlock',
      '<CodeBlock> holds something other than text, which quire cannot show as code.',
      line ? { line, column: column || 1 } : undefined,
    );
  }
  const language = props.language ?? /(?:^|\s)language-(\S+)/.exec(props.className ?? '')?.[1] ?? 'text';
  const meta = metaOf(props);
  if (theme?.codeBlock) return theme.codeBlock(code, language, meta) as ReactNode;
  return <KeptCodeBlock code={code} language={language} meta={meta} title={props.title} />;
}

/** Whether children are elements and texts, one element at least (what React draws; not an object, say). */
function holdsElements(children: ReactNode): boolean {
  const parts = [children].flat(Number.POSITIVE_INFINITY) as unknown[];
  const drawn = (part: unknown) => part === null || part === undefined || typeof part !== 'object' || isValidElement(part);
  return parts.some(isValidElement) && parts.every(drawn);
}

/** A CodeBlock holding elements: its children in the block's frame, the same on the server and in the browser. */
function ElementCodeBlock({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <figure className="code-block">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a code block scrolls sideways; the keyboard reaches it. */}
      <pre className={className ? `code ${className}` : 'code'} tabIndex={0}>
        <code>{children}</code>
      </pre>
    </figure>
  );
}

/**
 * A CodeBlock in the browser. When it is hydrated, the figure's content is the server's, highlighted: React is
 * given an empty inner HTML that it never writes (it compares the same text each time), so it keeps that content,
 * the copy button the page's script added included. Drawn anew in the browser, or once its code, language or meta
 * change, it is the same figure with its lines unhighlighted.
 */
function KeptCodeBlock({ code, language, meta, title }: { code: string; language: string; meta: string; title: ReactNode }) {
  const figure = useRef<HTMLElement>(null);
  const key = `${language}\n${meta}\n${code}`;
  // What the figure held when it mounted: the server's markup (hydrated) or nothing (drawn in the browser).
  const [mounted, setMounted] = useState<{ key: string; server: boolean }>();
  const changed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the figure held when it mounted, read once.
  useLayoutEffect(() => setMounted({ key, server: (figure.current?.childNodes.length ?? 0) > 0 }), []);
  if (mounted && (!mounted.server || mounted.key !== key)) changed.current = true;
  const numbered = /(?:^|\s)showLineNumbers(?:=\d+)?(?=\s|$)/.test(meta);
  const className = numbered ? 'code-block code-block--numbered' : 'code-block';
  if (!changed.current)
    return (
      <figure
        ref={figure}
        className={className}
        data-language={language}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: '' }}
      />
    );
  const marked = lineSet(meta);
  const lines = code.replace(/\n$/, '').split('\n');
  return (
    <figure ref={figure} className={className} data-language={language}>
      {title !== undefined && title !== null && title !== '' ? <figcaption className="code-title">{title}</figcaption> : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a code block scrolls sideways; the keyboard reaches it as the server's does. */}
      <pre className="code" tabIndex={0} data-language={language}>
        <code className={`language-${language}`}>
          {lines.map((line, i) => (
            <span key={i} className={marked.has(i + 1) ? 'line highlighted' : 'line'}>
              {line}
              {i < lines.length - 1 ? '\n' : null}
            </span>
          ))}
        </code>
      </pre>
    </figure>
  );
}

/** `{1,3-5}` in a meta → the lines it marks. */
function lineSet(meta: string): Set<number> {
  const out = new Set<number>();
  for (const part of /\{([\d,\s-]+)\}/.exec(meta)?.[1].split(',') ?? []) {
    const [a, b = a] = part.trim().split('-').map(Number);
    for (let n = a; Number.isFinite(n) && n <= b; n++) out.add(n);
  }
  return out;
}
