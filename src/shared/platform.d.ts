// The web-platform APIs that shared code uses and both of its sides provide (Node 20 and every supported
// browser), for src/shared/tsconfig.json, which has neither the DOM's lib nor Node's types: a platform global
// that is not declared here (window, document, process, Buffer…) stays a type error in src/shared/. The
// client's tsconfig sees this file too (these merge with the DOM lib's declarations); the Node tsconfig leaves
// it out, Node's types and the DOM lib declaring all of it.

interface AbortSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

interface AbortController {
  readonly signal: AbortSignal;
  abort(): void;
}

declare var AbortController: {
  prototype: AbortController;
  new (): AbortController;
};

interface URLSearchParams {
  get(name: string): string | null;
  toString(): string;
}

declare var URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string[][] | Record<string, string> | string | URLSearchParams): URLSearchParams;
};

/** A timer is opaque to shared code: Node returns an object, browsers a number. */
declare function setTimeout(handler: () => void, timeout?: number): unknown;
declare function clearTimeout(timer: unknown): void;
