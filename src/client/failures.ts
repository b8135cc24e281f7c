import { MAIN_ID } from '../shared/html.ts';
import { readMessages } from './config.ts';

/**
 * The two failure screens of SPEC §8, filled from the `<template>`s the theme renders, in the page's language:
 * the lazy-load error box with "Retry", and the crash screen with "Try again" and the cause chain. This module
 * is part of the page's own script, so the boxes show whatever lazily loaded code failed. The error itself
 * (the browser's words, in English, with a URL) goes to the console, where a developer looks for it.
 */

/** The error and each nested cause, joined the way the crash screen shows them, under the page's word for "Cause:". */
export function causeChain(error: unknown, causeLabel = 'Cause:'): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? (current as Error & { cause?: unknown }).cause : undefined;
  }
  return parts.join(`\n\n${causeLabel}\n`);
}

function fromTemplate(id: string): HTMLElement | undefined {
  const template = document.getElementById(id) as HTMLTemplateElement | null;
  return (template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined) ?? undefined;
}

/**
 * Puts the error box at the start of `element`; Retry removes it and runs `retry`. The element may name its own
 * text (`data-lazy-error`, e.g. "Die Suche konnte nicht geladen werden.") and ask for the focus on Retry
 * (`data-lazy-focus`), when the box answers what the visitor just did.
 */
export function showLazyError(element: HTMLElement, error: unknown, retry: () => void): void {
  console.error(error);
  const box = fromTemplate('quire-lazy-error-template');
  if (!box) return;
  const message = box.querySelector('[data-lazy-message]');
  if (message && element.dataset.lazyError) message.textContent = element.dataset.lazyError;
  const button = box.querySelector<HTMLElement>('[data-lazy-retry]');
  button?.addEventListener('click', () => {
    box.remove();
    retry();
  });
  element.prepend(box);
  if (element.hasAttribute('data-lazy-focus')) button?.focus();
}

/** Replaces the main content with the crash screen; the document title becomes the error title. */
export function showCrash(error: unknown, tryAgain: () => void): void {
  const screen = fromTemplate('quire-crash-template');
  const main = document.getElementById(MAIN_ID) ?? document.body;
  if (!screen) return;
  const messages = readMessages();
  console.error(error);
  const message = screen.querySelector('[data-crash-message]');
  if (message) message.textContent = causeChain(error, messages['crash.cause']);
  screen.querySelector('[data-crash-retry]')?.addEventListener('click', tryAgain);
  document.title = messages['crash.documentTitle'] ?? 'Page Error';
  main.replaceChildren(screen);
}
