// Types of dependency-patches.mjs (a plain script: scripts/compile.mjs runs it without a compile step).
import type { Plugin } from 'esbuild';

export interface Edit {
  find: string;
  replace: string;
}
export interface DependencyPatch {
  name: string;
  module: string;
  why: string;
  edits: Edit[];
}
export const dependencyPatches: DependencyPatch[];
export function patchedSource(file: string, source: string): string | undefined;
export function dependencyPatchPlugin(): Plugin;
