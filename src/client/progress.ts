/** SPEC §2/§9: the progress bar appears only when a navigation takes longer than 200 ms. */
export const PROGRESS_DELAY_MS = 200;

export interface ProgressBar {
  start(): void;
  done(): void;
}

/**
 * A thin bar at the top of the page for slow navigations. A closure rather than a class with fields: the
 * build's target lowers class fields to a helper that would become a chunk of its own, one more request
 * before the page's script can run.
 */
export function createProgressBar(): ProgressBar {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let trickle: ReturnType<typeof setInterval> | undefined;
  let bar: HTMLElement | undefined;
  let value = 0;

  const set = (next: number) => {
    value = next;
    if (bar) {
      bar.style.transform = `scaleX(${next})`;
      bar.setAttribute('aria-valuenow', String(Math.round(next * 100)));
    }
  };
  const show = () => {
    bar = document.createElement('div');
    bar.className = 'nav-progress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Laden');
    document.body.append(bar);
    set(0.08);
    trickle = setInterval(() => set(value + (0.95 - value) * 0.1), 200);
  };
  const clear = () => {
    clearTimeout(timer);
    clearInterval(trickle);
    bar?.remove();
    bar = undefined;
  };

  return {
    start() {
      clear();
      timer = setTimeout(show, PROGRESS_DELAY_MS);
    },
    done() {
      clearTimeout(timer);
      timer = undefined;
      if (!bar) return;
      const finished = bar;
      // The page swap replaced the body, bar and all: the bar finishes on the new page.
      if (!finished.isConnected) document.body.append(finished);
      set(1);
      clearInterval(trickle);
      setTimeout(() => finished.remove(), 250);
      bar = undefined;
    },
  };
}
