/**
 * Burn-in protection for a board lit 18 hours a day (issue 13): every {@link SHIFT_MS} the whole board moves to the
 * next of {@link SHIFTS}, a loop of places at most 3 px from where it was laid out, so that no edge, grid line or
 * title stays on the same pixels for hours. One step every two minutes, a few pixels: nothing a patron sees move.
 * Off where the screen asks for reduced motion (`prefers-reduced-motion: reduce`), which the board honours whole.
 * The host's `data-shift` names the place; the board's styles translate it.
 *
 * ```ts
 * private burnIn = new BurnInController(this);   // in <kiosk-app>; :host([data-shift='3']) .board { translate: … }
 * ```
 * @packageDocumentation
 */
import type { ReactiveController, ReactiveElement } from 'lit';

/** How long the board stays in one place, in ms. */
export const SHIFT_MS = 120_000;

/** The places the board visits in turn, in px from where it was laid out: a loop of nine, 18 minutes round. */
export const SHIFTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [2, 1],
  [3, -1],
  [1, -3],
  [-1, -2],
  [-3, -1],
  [-2, 2],
  [0, 3],
  [2, 3],
];

export class BurnInController implements ReactiveController {
  private step = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private query: MediaQueryList | null = null;
  private readonly onChange = () => this.schedule();

  constructor(private readonly host: ReactiveElement) {
    host.addController(this);
  }

  hostConnected(): void {
    this.query = window.matchMedia('(prefers-reduced-motion: reduce)');
    this.query.addEventListener('change', this.onChange);
    this.schedule();
  }

  hostDisconnected(): void {
    this.query?.removeEventListener('change', this.onChange);
    this.stop();
  }

  /** The place the board is in now (an index into {@link SHIFTS}). */
  get place(): number {
    return this.step % SHIFTS.length;
  }

  private schedule(): void {
    this.stop();
    if (this.query?.matches) {
      this.step = 0;
      delete this.host.dataset['shift'];
      return;
    }
    this.timer = setInterval(() => {
      this.step++;
      this.host.dataset['shift'] = String(this.place);
    }, SHIFT_MS);
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
