/**
 * A copy button on each highlighted code block. Added here rather than at build time: without JavaScript it
 * could not work. The code is copied as written (line numbers are CSS, highlight comments were removed at
 * build time); the button says "copied" for two seconds, and a status line tells screen readers.
 */

export interface CopyLabels {
  copy: string;
  copied: string;
}

const ICONS =
  '<svg class="code-block__icon" viewBox="0 0 24 24" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" d="M8 8h12v13H8zM16 8V3H4v13h4"/></svg>' +
  '<svg class="code-block__done" viewBox="0 0 24 24" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" d="M4 12l5 5L20 6"/></svg>';
const SHOWN_MS = 2000;

let listening = false;

/**
 * Adds the button to every code block of the page that has none yet (first load and after each soft
 * navigation), and the click handler for all of them the first time. Loaded only by pages with code blocks.
 */
export function addCopyButtons(getLabels: () => CopyLabels): void {
  if (!listening) {
    listening = true;
    setupCodeCopy(getLabels);
  }
  const labels = getLabels();
  for (const block of document.querySelectorAll<HTMLElement>('figure.code-block')) {
    if (block.querySelector(':scope > .code-block__copy') || !block.querySelector('pre code')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-block__copy';
    button.title = labels.copy;
    button.setAttribute('aria-label', labels.copy);
    button.innerHTML = ICONS;
    const status = document.createElement('span');
    status.className = 'visually-hidden';
    status.setAttribute('role', 'status');
    block.append(button, status);
  }
}

/** One click handler for all copy buttons, present and future. */
function setupCodeCopy(labels: () => CopyLabels): void {
  const timers = new WeakMap<HTMLElement, number>();
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.code-block__copy');
    const block = button?.closest<HTMLElement>('figure.code-block');
    const code = block?.querySelector('pre code');
    if (!button || !block || !code) return;
    void copyText(code.textContent ?? '').then((ok) => {
      if (!ok) return;
      const { copy, copied } = labels();
      button.dataset.copied = '';
      button.setAttribute('aria-label', copied);
      button.title = copied;
      const status = block.querySelector(':scope > [role="status"]');
      if (status) status.textContent = copied;
      clearTimeout(timers.get(button));
      timers.set(
        button,
        window.setTimeout(() => {
          delete button.dataset.copied;
          button.setAttribute('aria-label', copy);
          button.title = copy;
          if (status) status.textContent = '';
        }, SHOWN_MS),
      );
    });
  });
}

/** Copies through the clipboard API (pages on https and on localhost may use it); false where it is refused. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
