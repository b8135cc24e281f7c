import { CODES, report, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { propWants } from '../shared/component-props.ts';
import { closestName } from '../shared/text.ts';
import type { Compiled, ComponentContract } from '../types.ts';
import { tagExpressions, type WrittenExpression } from './prop-expressions.ts';

export interface ComponentCheckInput {
  compiled: readonly Compiled[];
  /** Component names the theme provides to MDX. */
  components: readonly string[];
  /** What they take (Theme.contracts); a component without a contract is only checked for existence. */
  contracts?: Record<string, ComponentContract>;
  /** The site's data files, by name (for props that name a data entry). */
  data: Record<string, unknown>;
}

/** Literals no text or number prop can take, in words (as shared/component-props.ts names values). */
const UNFIT_LITERALS = { object: 'an object', array: 'an array' } as const;

/** Characters of an expression a message quotes; a longer one is cut. */
const QUOTED = 40;

/**
 * Every use of an MDX component, before any page renders: an unknown component (Q032, at its first use), a
 * prop the component needs but the use leaves out, and a value its data has no entry for (Q033 errors, at the
 * use), a prop the component does not take (Q033 warning: React drops it, so a typo loses it silently), an
 * object or array written for a prop that wants a text or a number (Q033 error, at the prop: React would print
 * `[object Object]`). Each comes with the lines of the page it was found in (Diagnostic.excerpt).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one walk over every use of a component, whose checks share the page's excerpt and the contracts looked up for the use.
export function checkComponents({ compiled, components, contracts = {}, data }: ComponentCheckInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const known = new Set(components);
  for (const c of compiled) {
    const before = diagnostics.length;
    // The `{…}` props of the page's tags, read from its text only when a contracted prop is written so.
    let expressionsAt: ReturnType<typeof tagExpressions> | undefined;
    const expressions = (line: number | undefined, column: number | undefined): Map<string, WrittenExpression> => {
      if (line === undefined || column === undefined) return new Map();
      expressionsAt ??= tagExpressions(c.source.body, c.source.bodyLine);
      return expressionsAt(line, column);
    };
    for (const name of c.components) {
      const uses = c.componentUses?.[name] ?? [];
      if (!known.has(name)) {
        const meant = closestName(name, known);
        diagnostics.push(
          report(
            CODES.COMPONENT_UNKNOWN,
            'unknown',
            { name, meant, known },
            { file: c.source.file, line: uses[0]?.line, column: uses[0]?.column },
          ),
        );
        continue;
      }
      // Own keys only, here and below: a name like `constructor` must not find Object.prototype's.
      const contract = Object.hasOwn(contracts, name) ? contracts[name] : undefined;
      if (!contract) continue;
      const takesProp = (prop: string) => Object.hasOwn(contract.props, prop);
      const takes = Object.keys(contract.props);
      for (const use of uses) {
        const place = { file: c.source.file, line: use.line, column: use.column };
        const written = Object.keys(use.props);
        const typos = new Set<string>();
        if (!use.spread) {
          for (const [prop, required] of Object.entries(contract.props)) {
            if (!required || Object.hasOwn(use.props, prop)) continue;
            const typo = closestName(
              prop,
              written.filter((w) => !takesProp(w)),
            );
            if (typo) typos.add(typo);
            diagnostics.push(report(CODES.COMPONENT_PROP, 'missingProp', { name, prop, typo, takes }, place));
          }
        }
        for (const prop of written) {
          if (takesProp(prop) || prop === 'children' || prop === 'key' || typos.has(prop)) continue;
          const meant = closestName(prop, takes);
          diagnostics.push(report(CODES.COMPONENT_PROP, 'unknownProp', { name, prop, meant, takes }, place));
        }
        // An object or array for a text or number prop; only `{…}` props (null) can be one.
        const unfit = written.filter((prop) => takesProp(prop) && use.props[prop] === null && !contract.lists?.includes(prop));
        const tagged = unfit.length ? expressions(use.line, use.column) : undefined;
        for (const prop of unfit) {
          const expression = tagged?.get(prop);
          if (!expression?.literal) continue;
          const got = UNFIT_LITERALS[expression.literal];
          const wants = propWants(contract, prop);
          const quoted = expression.text.length > QUOTED ? `${expression.text.slice(0, QUOTED - 1)}…` : expression.text;
          diagnostics.push(
            report(
              CODES.COMPONENT_PROP,
              'unfitProp',
              { name, prop, wants, got, written: quoted },
              { file: c.source.file, line: expression.line, column: expression.column },
            ),
          );
        }
        for (const prop of contract.numbers ?? []) {
          const value = Object.hasOwn(use.props, prop) ? use.props[prop] : undefined;
          if (typeof value === 'string' && !/^\s*\d+(\.\d+)?\s*$/.test(value)) {
            diagnostics.push(report(CODES.COMPONENT_PROP, 'notANumber', { name, prop, value }, place));
          }
        }
        if (contract.parent && use.parent?.name !== contract.parent) {
          diagnostics.push(
            report(CODES.COMPONENT_PROP, 'outsideParent', { name, parent: contract.parent, inside: use.parent?.name }, place),
          );
        }
        if (contract.children) {
          const wanted = contract.children.name;
          const other = (use.children ?? []).filter((k) => k !== wanted);
          if (other.length) {
            diagnostics.push(report(CODES.COMPONENT_PROP, 'otherChildren', { name, wanted, other }, place));
          }
          const unique = contract.children.unique;
          if (unique) {
            const index = uses.indexOf(use);
            const seen = new Map<string, number>();
            for (const child of c.componentUses?.[wanted] ?? []) {
              const value = child.props[unique];
              if (child.parent?.name !== name || child.parent.index !== index || typeof value !== 'string') continue;
              seen.set(value, (seen.get(value) ?? 0) + 1);
              if (seen.get(value) === 2)
                diagnostics.push(
                  report(
                    CODES.COMPONENT_PROP,
                    'sameChildTwice',
                    { name, wanted, unique, value },
                    { file: c.source.file, line: child.line, column: child.column },
                  ),
                );
            }
          }
        }
        const select = contract.children?.select;
        const selected = select && Object.hasOwn(use.props, select.prop) ? use.props[select.prop] : undefined;
        if (select && typeof selected === 'string') {
          const index = uses.indexOf(use);
          const names = (c.componentUses?.[contract.children!.name] ?? [])
            .filter((child) => child.parent?.name === name && child.parent.index === index)
            .map((child) => select.by.map((p) => child.props[p]).find((v) => typeof v === 'string'));
          if (!names.includes(selected))
            diagnostics.push(
              report(
                CODES.COMPONENT_PROP,
                'namesNoChild',
                { name, prop: select.prop, value: selected, child: contract.children!.name, by: select.by[0], names },
                place,
              ),
            );
        }
        for (const [prop, { file, names }] of Object.entries(contract.values ?? {})) {
          const value = Object.hasOwn(use.props, prop) ? use.props[prop] : undefined;
          if (typeof value !== 'string') continue;
          const entries = Object.hasOwn(data, file) ? data[file] : undefined;
          const valid = names(entries);
          if (valid?.includes(value)) continue;
          const meant = valid && closestName(value, valid);
          const holds = entries === undefined ? undefined : Array.isArray(entries) ? 'an array' : typeof entries;
          diagnostics.push(
            report(CODES.COMPONENT_PROP, 'noEntry', { name, prop, value, file, valid, meant: meant || undefined, holds }, place),
          );
        }
      }
    }
    // With the lines of the page they were found in (the text compiled), for their code frames.
    for (let i = before; i < diagnostics.length; i++) diagnostics[i] = withExcerpt(diagnostics[i], c.source.body, c.source.bodyLine);
  }
  return diagnostics;
}
