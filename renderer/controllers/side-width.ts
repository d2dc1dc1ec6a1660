/**
 * The width a last-hand side has for its content, kept on the host as `--kiosk-last-hand-side` (px) for its styles to
 * cap the cards by: a 4K portrait board's spare height grew them wide enough to hide the Banker's points behind its
 * first card. Measured, not a container query: a container around the side would make every cqmin inside it (the
 * board's text sizes) the side's. Watched with a ResizeObserver, whose answer comes before the frame is painted, on
 * a ruler of the sides' width and no height: watching the sides themselves woke it (and a second pass of the frame's
 * style and layout) on four hands in five, whose badges or third card changed only their height.
 *
 * ```ts
 * private readonly sideWidth = new SideWidthController(this); // in <kiosk-last-hand>
 * ```
 * @packageDocumentation
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

export class SideWidthController implements ReactiveController {
  private readonly observer = new ResizeObserver(() => this.measure());
  private watched: Element | null = null;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostUpdated(): void {
    // The sides' ruler: their width at no height (a hand changes their height, never their width).
    const sides = this.host.renderRoot.querySelector('.sides > .ruler');
    if (sides === this.watched) return;
    if (this.watched) this.observer.unobserve(this.watched);
    if (sides) this.observer.observe(sides);
    this.watched = sides;
  }

  hostDisconnected(): void {
    this.observer.disconnect();
    this.watched = null;
  }

  private measure(): void {
    const side = this.host.renderRoot.querySelector<HTMLElement>('.side');
    if (!side) return;
    const s = getComputedStyle(side);
    const width = side.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    this.host.style.setProperty('--kiosk-last-hand-side', `${Math.max(0, width)}px`);
  }
}
