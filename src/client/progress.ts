/** SPEC §2/§9: the progress bar appears only when a navigation takes longer than 200 ms. */
export const PROGRESS_DELAY_MS = 200;

/** A thin bar at the top of the page for slow navigations. */
export class ProgressBar {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private trickle: ReturnType<typeof setInterval> | undefined;
  private bar: HTMLElement | undefined;
  private value = 0;

  start(): void {
    this.clear();
    this.timer = setTimeout(() => this.show(), PROGRESS_DELAY_MS);
  }

  done(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.bar) return;
    const bar = this.bar;
    // The page swap replaced the body, bar and all: the bar finishes on the new page.
    if (!bar.isConnected) document.body.append(bar);
    this.set(1);
    clearInterval(this.trickle);
    setTimeout(() => bar.remove(), 250);
    this.bar = undefined;
  }

  private show(): void {
    const bar = document.createElement('div');
    bar.className = 'nav-progress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Laden');
    document.body.append(bar);
    this.bar = bar;
    this.set(0.08);
    this.trickle = setInterval(() => this.set(this.value + (0.95 - this.value) * 0.1), 200);
  }

  private set(value: number): void {
    this.value = value;
    if (this.bar) {
      this.bar.style.transform = `scaleX(${value})`;
      this.bar.setAttribute('aria-valuenow', String(Math.round(value * 100)));
    }
  }

  private clear(): void {
    clearTimeout(this.timer);
    clearInterval(this.trickle);
    this.bar?.remove();
    this.bar = undefined;
  }
}
