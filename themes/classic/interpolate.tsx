import { Fragment, type ReactNode } from 'react';

/**
 * A message with its `{name}` placeholders filled from `values` (texts, numbers or elements), as Docusaurus's
 * `interpolate` does: a text when every value is one, otherwise the parts side by side. A placeholder without a
 * value stays as written. The theme's own messages (DocChrome) and `@docusaurus/Translate` both fill through it.
 */
export function interpolate(message: string, values?: Record<string, ReactNode>): ReactNode {
  if (!values) return message;
  const parts = message.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && Object.hasOwn(values, name) ? values[name] : part;
  });
  return parts.every((part) => typeof part === 'string' || typeof part === 'number')
    ? parts.join('')
    : parts.map((part, i) => <Fragment key={i}>{part}</Fragment>);
}
