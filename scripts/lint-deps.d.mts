// Types of lint-deps.mjs (a plain script: `npm run lint:deps` runs it without a compile step).

/** One broken rule: its name (a rule of .dependency-cruiser.cjs, or of the source walk), where, and what. */
export interface Violation {
  rule: string;
  /** The module (or place) that breaks the rule, relative to the project. */
  from: string;
  /** What it imports, reaches or calls. */
  to: string;
  line?: number;
  message?: string;
}

/** Every violation of the architecture in the project at `root`, sorted; none means the check passes. */
export function lintDeps(root: string): Promise<Violation[]>;
