import { MAIN_ID } from '../shared/html.ts';

/**
 * The two failure screens of SPEC §8, filled from the `<template>`s the theme renders:
 * the lazy-load error box with "Retry", and the crash screen with "Try again" and the cause chain.
 */

/** The error and each nested cause, joined the way the crash screen shows them. */
export function causeChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? (current as Error & { cause?: unknown }).cause : undefined;
  }
  return parts.join('\n\nCause:\n');
}

function fromTemplate(id: string): HTMLElement | undefined {
  const template = document.getElementById(id) as HTMLTemplateElement | null;
  return (template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined) ?? undefined;
}

/** Replaces an island's content with the error box; Retry removes it and runs `retry`. */
export function showLazyError(element: HTMLElement, error: unknown, retry: () => void): void {
  const box = fromTemplate('quire-lazy-error-template');
  if (!box) return;
  const message = box.querySelector('[data-lazy-message]');
  if (message) message.textContent = `${message.textContent} (${error instanceof Error ? error.message : String(error)})`;
  box.querySelector('[data-lazy-retry]')?.addEventListener('click', () => {
    box.remove();
    retry();
  });
  element.prepend(box);
}

/** Replaces the main content with the crash screen; the document title becomes the error title. */
export function showCrash(error: unknown, tryAgain: () => void): void {
  const screen = fromTemplate('quire-crash-template');
  const main = document.getElementById(MAIN_ID) ?? document.body;
  if (!screen) return;
  const message = screen.querySelector('[data-crash-message]');
  if (message) message.textContent = causeChain(error);
  screen.querySelector('[data-crash-retry]')?.addEventListener('click', tryAgain);
  const messages = JSON.parse(document.getElementById('quire-messages')?.textContent ?? '{}') as Record<string, string>;
  document.title = messages['crash.documentTitle'] ?? 'Page Error';
  main.replaceChildren(screen);
}
