// quire's architecture check (`npm run lint:deps`): the rules of .dependency-cruiser.cjs over the real module
// graph, every place they name present, and a walk of the sources (TypeScript's parser) for what a module
// graph cannot show: file-system writes outside the places allowed to write, and modules loaded in ways the
// graph cannot follow (process.getBuiltinModule or require by a computed name, createRequire, aliases…).
import { statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import ts from 'typescript';

const SCANNED = ['src', 'cli', 'themes'];
const CONFIG = '.dependency-cruiser.cjs';

/**
 * @typedef {{ rule: string; from: string; to: string; line?: number; message?: string }} Violation
 */

/** Every violation of the architecture in the project at `root`, sorted; none means the check passes. */
export async function lintDeps(root) {
  const configFile = path.join(root, CONFIG);
  const layout = createRequire(import.meta.url)(configFile).layout;
  const missing = missingPlaces(root, layout);
  const [graph, sources] = await Promise.all([cruiseGraph(root, configFile), walkSources(root, layout)]);
  return [...missing, ...graph, ...sources].sort(
    (a, b) => a.from.localeCompare(b.from) || a.rule.localeCompare(b.rule) || a.to.localeCompare(b.to),
  );
}

/** A place the rules name that is not there: a renamed folder must fail, not leave its rules matching nothing. */
function missingPlaces(root, layout) {
  const places = [
    ...layout.srcFolders.map((f) => [`src/${f}`, true]),
    ...layout.srcFiles.map((f) => [`src/${f}`, false]),
    ...layout.other.map((f) => [f, true]),
  ];
  return places
    .filter(([place, isDir]) => {
      const stat = statSync(path.join(root, place), { throwIfNoEntry: false });
      return !stat || stat.isDirectory() !== isDir;
    })
    .map(([place]) => ({
      rule: 'known-place-exists',
      from: place,
      to: place,
      message: `${place} is missing; ${CONFIG} lists it (update the layout there when a place is renamed)`,
    }));
}

async function cruiseGraph(root, configFile) {
  const options = await extractDepcruiseOptions(configFile);
  const { output } = await cruise(SCANNED, { ...options, baseDir: root });
  return output.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
    ...(v.via?.length ? { message: `via ${v.via.map((step) => (typeof step === 'string' ? step : step.name)).join(' → ')}` } : {}),
  }));
}

// ─── The source walk ────────────────────────────────────────────────────────────────────────────────

/** fs functions that change the file system (their …Sync forms too); `open` is judged by its flags. */
const FS_WRITES = new Set(
  [
    'appendFile',
    'chmod',
    'chown',
    'copyFile',
    'cp',
    'fchmod',
    'fchown',
    'fdatasync',
    'fsync',
    'ftruncate',
    'futimes',
    'lchmod',
    'lchown',
    'link',
    'lutimes',
    'mkdir',
    'mkdtemp',
    'rename',
    'rm',
    'rmdir',
    'symlink',
    'truncate',
    'unlink',
    'utimes',
    'write',
    'writeFile',
    'writev',
  ]
    .flatMap((f) => [f, `${f}Sync`])
    .concat(['createWriteStream']),
);
const FS_OPENERS = new Set(['open', 'openSync']);
const READ_FLAGS = new Set(['r', 'rs', 'sr']);
/** process members that reach Node's internals without a module the graph could see. */
const PROCESS_ESCAPES = new Set(['getBuiltinModule', 'binding', '_linkedBinding', 'dlopen']);

const bare = (spec) => spec.replace(/^node:/, '');
const isFsModule = (spec) => bare(spec) === 'fs' || bare(spec) === 'fs/promises';
const isBuiltin = (spec) => builtinModules.includes(bare(spec)) || spec.startsWith('node:');
const isStringLike = (node) => !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));
const matchesAny = (patterns, file) => Object.keys(patterns).some((p) => new RegExp(p).test(file));

/** A computed specifier whose fixed start (`refractor/${name}`) no built-in's name begins with. */
function cannotBeBuiltin(node) {
  if (!ts.isTemplateExpression(node) || !node.head.text) return false;
  const head = node.head.text;
  return (
    !builtinModules.flatMap((m) => [m, `node:${m}`]).some((m) => m.startsWith(head) || head.startsWith(`${m}/`)) &&
    !'node:'.startsWith(head) &&
    !head.startsWith('node:')
  );
}

async function sourceFiles(root) {
  const out = [];
  for (const dir of SCANNED) {
    const entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (e.isFile() && /\.[cm]?tsx?$/.test(e.name) && !/\.d\.[cm]?ts$/.test(e.name))
        out.push(path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    }
  }
  return out.sort();
}

async function walkSources(root, layout) {
  const found = [];
  for (const file of await sourceFiles(root)) {
    const text = await readFile(path.join(root, file), 'utf8');
    const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    found.push(...walkSource(file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind), layout));
  }
  return found;
}

/** The findings of one file: writes where it may not write, and module loads the graph cannot see. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one pass over a file's statements whose cases share the findings and the names bound to fs, read top to bottom as the list of rules.
function walkSource(file, source, layout) {
  const found = [];
  const mayWrite = matchesAny(layout.fsWriters, file);
  const mayCompute = matchesAny(layout.computedImports, file);
  const mayPassRequire = matchesAny(layout.requirePassers, file);
  const at = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const report = (rule, node, to, message) =>
    found.push({ rule, from: file, to, line: at(node), message: `${file}:${at(node)}: ${message}` });
  const write = (node, name) => {
    if (!mayWrite)
      report(
        'fs-writes-where-writes-are-allowed',
        node,
        name,
        `${name} writes to the file system; only ${Object.keys(layout.fsWriters).join(', ')} may (see ${CONFIG})`,
      );
  };
  const outOfSight = (node, what) => {
    if (!mayWrite)
      report(
        'fs-calls-by-name',
        node,
        what,
        `${what}: in a file that may not write, load fs with a static import and call its functions by name, so the check sees each call`,
      );
  };
  const hidden = (node, what) =>
    mayPassRequire ||
    report(
      'modules-loaded-visibly',
      node,
      what,
      `${what}: a module loaded this way is invisible to the module graph; use an import declaration (or a literal import())`,
    );

  // Local names bound to fs, fs/promises (or fs.promises), fs's open, createRequire and what it made.
  const fsNamespaces = new Set();
  const fsOpeners = new Set();
  const requireFns = new Set();

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && isStringLike(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly || !isFsModule(statement.moduleSpecifier.text)) continue;
      if (clause.name) fsNamespaces.add(clause.name.text);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) fsNamespaces.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          const imported = (element.propertyName ?? element.name).text;
          if (FS_WRITES.has(imported)) write(element, imported);
          else if (imported === 'promises') fsNamespaces.add(element.name.text);
          else if (FS_OPENERS.has(imported)) fsOpeners.add(element.name.text);
        }
      }
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      isStringLike(statement.moduleSpecifier) &&
      isFsModule(statement.moduleSpecifier.text) &&
      !statement.isTypeOnly
    ) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (FS_WRITES.has(name)) write(element, name);
          else if (name === 'promises' || FS_OPENERS.has(name))
            outOfSight(element, `export { ${name} } from '${statement.moduleSpecifier.text}'`);
        }
      } else outOfSight(statement, `re-export of '${statement.moduleSpecifier.text}'`);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      isStringLike(statement.moduleReference.expression)
    ) {
      if (isFsModule(statement.moduleReference.expression.text)) fsNamespaces.add(statement.name.text);
    }
  }

  /** `fs`, `fsp`, `fs.promises`: an expression that is an fs module object. */
  const isFsNamespace = (node) =>
    (ts.isIdentifier(node) && fsNamespaces.has(node.text)) ||
    (ts.isPropertyAccessExpression(node) && node.name.text === 'promises' && isFsNamespace(node.expression));
  const isProcess = (node) =>
    (ts.isIdentifier(node) && node.text === 'process') ||
    (ts.isPropertyAccessExpression(node) &&
      node.name.text === 'process' &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'globalThis');
  const isCalleeOf = (node) => ts.isCallExpression(node.parent) && node.parent.expression === node;
  /** A name in a position that is not a use of a binding: a declaration, a property name, an import or export specifier, a type. */
  const isNotAUse = (node) => {
    const p = node.parent;
    return (
      (ts.isPropertyAccessExpression(p) && p.name === node) ||
      ((ts.isPropertyAssignment(p) ||
        ts.isMethodDeclaration(p) ||
        ts.isPropertyDeclaration(p) ||
        ts.isPropertySignature(p) ||
        ts.isMethodSignature(p)) &&
        p.name === node) ||
      ts.isImportClause(p) ||
      ts.isNamespaceImport(p) ||
      ts.isImportSpecifier(p) ||
      ts.isExportSpecifier(p) ||
      ts.isImportEqualsDeclaration(p) ||
      (ts.isVariableDeclaration(p) && p.name === node) ||
      ts.isTypeReferenceNode(p) ||
      ts.isQualifiedName(p) ||
      ts.isTypeQueryNode(p)
    );
  };
  /**
   * A module a require-like call loads: a literal built-in, or a computed name, is out of sight; as for import(), a
   * template whose fixed start rules out every built-in (`refractor/${name}`) is not.
   */
  const requireLike = (call, via) => {
    const arg = call.arguments[0];
    if (!isStringLike(arg)) {
      if (!(arg && cannotBeBuiltin(arg))) hidden(call, `${via}(<computed name>)`);
    } else if (isBuiltin(arg.text)) hidden(call, `${via}('${arg.text}')`);
  };
  /** fs loaded by a literal require(), import() or process.getBuiltinModule(): the graph sees the module, not the calls. */
  const fsLoadedDynamically = (call, how) => {
    const arg = call.arguments[0];
    if (isStringLike(arg) && isFsModule(arg.text)) outOfSight(call, `${how}('${arg.text}')`);
  };

  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const arg = node.arguments[0];
      if (callee.kind === ts.SyntaxKind.ImportKeyword) {
        if (isStringLike(arg)) fsLoadedDynamically(node, 'import');
        else if (!mayCompute && !(arg && cannotBeBuiltin(arg)))
          report(
            'computed-import-where-allowed',
            node,
            'import(<computed name>)',
            `import() of a computed name could load a Node built-in unseen; only ${Object.keys(layout.computedImports).join(', ')} may (see ${CONFIG})`,
          );
      } else if (ts.isIdentifier(callee) && callee.text === 'require') {
        if (isStringLike(arg)) fsLoadedDynamically(node, 'require');
        else hidden(node, 'require(<computed name>)');
      } else if (
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'getBuiltinModule' &&
        isProcess(callee.expression) &&
        isStringLike(arg)
      ) {
        fsLoadedDynamically(node, 'process.getBuiltinModule');
      } else if (ts.isCallExpression(callee) && isCreateRequire(callee.expression)) {
        requireLike(node, 'createRequire(…)');
      } else if (ts.isIdentifier(callee) && requireFns.has(callee.text)) {
        requireLike(node, callee.text);
      } else if (ts.isIdentifier(callee) && fsOpeners.has(callee.text)) {
        checkOpenFlags(node, callee.text);
      }
      if (isCreateRequire(callee)) {
        const p = node.parent;
        if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) requireFns.add(p.name.text);
        else if (!(ts.isCallExpression(p) && p.expression === node) && !(ts.isPropertyAccessExpression(p) && p.name.text === 'resolve'))
          hidden(node, 'createRequire(…) passed on');
      }
    }
    if (ts.isPropertyAccessExpression(node) && isFsNamespace(node.expression)) {
      const name = node.name.text;
      if (FS_WRITES.has(name)) write(node, name);
      else if (name === 'promises' && !(ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node))
        outOfSight(node, `${node.getText(source)} passed on`);
      else if (FS_OPENERS.has(name)) {
        if (isCalleeOf(node)) checkOpenFlags(node.parent, node.getText(source));
        else outOfSight(node, `${node.getText(source)} passed on`);
      }
    }
    if (ts.isIdentifier(node) && !isNotAUse(node)) {
      const p = node.parent;
      if (fsNamespaces.has(node.text) && !(ts.isPropertyAccessExpression(p) && p.expression === node))
        outOfSight(node, `${node.text} (an fs module) used as a value`);
      if (fsOpeners.has(node.text) && !isCalleeOf(node)) outOfSight(node, `${node.text} passed on`);
      if (node.text === 'require' && !(isCalleeOf(node) && isStringLike(p.arguments[0]))) hidden(node, 'require used as a value');
      if (requireFns.has(node.text) && !isCalleeOf(node) && !(ts.isPropertyAccessExpression(p) && p.name.text === 'resolve'))
        hidden(node, `${node.text} (made by createRequire) passed on`);
      if (node.text === 'createRequire' && !isCalleeOf(node)) hidden(node, 'createRequire passed on');
    }
    // process.getBuiltinModule other than called with a literal name (which the graph reads), process.binding…
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'getBuiltinModule') {
      if (!(isProcess(node.expression) && isCalleeOf(node) && isStringLike(node.parent.arguments[0]))) hidden(node, node.getText(source));
    } else if (ts.isPropertyAccessExpression(node) && PROCESS_ESCAPES.has(node.name.text) && isProcess(node.expression))
      hidden(node, node.getText(source));
    if (ts.isElementAccessExpression(node)) {
      const key = node.argumentExpression;
      if (
        isStringLike(key)
          ? key.text === 'getBuiltinModule' || (PROCESS_ESCAPES.has(key.text) && isProcess(node.expression))
          : isProcess(node.expression)
      )
        hidden(node, node.getText(source));
    }
    if (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText(source) === 'getBuiltinModule')
      hidden(node, 'getBuiltinModule destructured');
    ts.forEachChild(node, visit);
  };

  const isCreateRequire = (node) =>
    (ts.isIdentifier(node) && node.text === 'createRequire') || (ts.isPropertyAccessExpression(node) && node.name.text === 'createRequire');
  /** open(path, flags): no flags or a read flag only reads; anything else may write. */
  const checkOpenFlags = (call, name) => {
    const flags = call.arguments[1];
    if (flags && !(isStringLike(flags) && READ_FLAGS.has(flags.text))) write(call, `${name}(…, ${flags.getText(source)})`);
  };

  visit(source);
  return found;
}

// ─── Command line ───────────────────────────────────────────────────────────────────────────────────

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(process.argv[2] ?? '.');
  const violations = await lintDeps(root);
  for (const v of violations) console.log(`✖ ${v.rule}: ${v.from} → ${v.to}${v.message ? `\n    ${v.message}` : ''}`);
  console.log(
    violations.length ? `\n${violations.length} architecture violation(s); the rules: ${CONFIG}` : '✔ architecture: no violations',
  );
  process.exitCode = violations.length ? 1 : 0;
}
