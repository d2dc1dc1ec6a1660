/**
 * What makes the board's fullest panels fit, measured when what they hold or where they stand changes (the signs,
 * the language, the screen, the table's settings), never on a hand, so that nothing moves while a shoe is dealt:
 *
 * - the sign column tightens its lines (`dense` on its pays and limits) when what a table offers does not fit it
 *   otherwise (every side bet, a change announced ahead, a pit message), and then, if it must, sets its text at the
 *   patrons' floor (`tight`); if even that does not fit, the pit's message leaves the column for the footer
 *   ({@link FitController.messageInSigns}), and if the footer's growth still leaves the column short (a portrait
 *   board offering every side bet with its limits, and a message), the statistics give up their streak line
 *   ({@link FitController.streaks}): the streaks can be read off the big road; the pays, limits and message cannot;
 * - the statistics tighten their gaps (`dense`) when their lines would otherwise wrap past their panel (a bilingual
 *   landscape board). Their figures keep the room of their widest values (stats-panel.styles.ts), so what fits at
 *   one hand fits at every hand of the shoe.
 *
 * ```ts
 * private readonly fit = new FitController(this);           // in <kiosk-app>
 * this.fit.follow(view.payTable, view.signage, key);         // in updated(): measures only when one has changed
 * ```
 * @packageDocumentation
 */
import type { LitElement, ReactiveController, ReactiveControllerHost } from 'lit';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

const overflows = (panel: HTMLElement) => panel.scrollHeight > panel.clientHeight + 1;
const updated = (parts: readonly LitElement[]) => Promise.all(parts.map((p) => p.updateComplete));

export class FitController implements ReactiveController {
  private fitted: readonly unknown[] = [];
  /** Where the host puts the pit's message: at the sign column's foot, or (false) in the footer. */
  messageInSigns = true;
  /** Whether the statistics show their streak line. */
  streaks = true;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {
    this.fitted = []; // a board put back on the page measures again
  }

  /** Measures again if any of `what` (compared by identity) differs from what was last measured. */
  follow(...what: unknown[]): void {
    if (what.length === this.fitted.length && what.every((w, i) => w === this.fitted[i])) return;
    this.fitted = what;
    void this.fitSigns();
    void this.fitStats();
  }

  private async fitSigns(): Promise<void> {
    await this.place(true, true); // measured anew with the message where it belongs
    if ((await this.tighten()) || !this.panel()?.querySelector('.message')) return;
    await this.place(false, true);
    if (await this.tighten()) return;
    await this.place(false, false);
    if (!(await this.tighten())) await this.place(false, true); // the streaks gave no room: they stay
  }

  private async place(messageInSigns: boolean, streaks: boolean): Promise<void> {
    if (this.messageInSigns === messageInSigns && this.streaks === streaks) return;
    this.messageInSigns = messageInSigns;
    this.streaks = streaks;
    this.host.requestUpdate();
    await this.host.updateComplete;
  }

  private panel = () => this.host.renderRoot.querySelector<HTMLElement>('.panel.signs');

  /** Tightens the sign column as far as it must (nothing, `dense`, `tight`); false if it still overflows. */
  private async tighten(): Promise<boolean> {
    const panel = this.panel();
    if (!panel) return true;
    const parts = [...panel.querySelectorAll<LitElement>('kiosk-pay-table, kiosk-limits')];
    await updated(parts);
    for (const p of parts) for (const a of ['dense', 'tight']) p.removeAttribute(a);
    if (!overflows(panel)) return true;
    for (const p of parts) p.setAttribute('dense', '');
    await updated(parts);
    if (!overflows(panel)) return true;
    // Still too much (a portrait board offering every side bet, each with its limits): text at the floor (28 px).
    for (const p of parts) p.setAttribute('tight', '');
    await updated(parts);
    return !overflows(panel);
  }

  private async fitStats(): Promise<void> {
    const stats = this.host.renderRoot.querySelector<LitElement>('.panel.stats > kiosk-stats');
    const panel = stats?.parentElement;
    if (!stats || !panel) return;
    await stats.updateComplete;
    stats.removeAttribute('dense');
    if (overflows(panel)) stats.setAttribute('dense', '');
  }
}
