/**
 * What makes the board's fullest panels fit, measured when what they hold or where they stand changes (the signs,
 * the language, the screen, the table's settings), never on a hand, so that nothing moves while a shoe is dealt:
 *
 * - the header's limits set their text at the patrons' floor (`tight`) when they do not fit its width otherwise
 *   (limits in the millions, in two languages, on a portrait board), or leave the table's name beside them no room
 *   to show whole (landscape), and if even that does not do, show the minimum and maximum only, the others going to
 *   the sign column ({@link FitController.limitsBrief});
 * - the sign column tightens its lines (`dense` on its pays and limits) when what a table offers does not fit it
 *   otherwise (every side bet, a change announced ahead, a pit message), then says the side bets' ranges in the
 *   currency's narrow symbol ("$100 – 5,000" for "HK$100 – 5,000": `narrow`), and then, if it must, sets its text at the
 *   patrons' floor (`tight`), and then puts Player and Banker on one line where they pay the same and draws the six
 *   sign closer (`compact`: a portrait board at a table with no commission and every side bet); if even that does
 *   not fit, the pit's message goes whole to the footer where the
 *   footer has room for it ({@link FitController.messageInSigns}; a portrait board's has one line, which the
 *   statistics give back by their streak line ({@link FitController.streaks}) if the column still falls short: the
 *   streaks can be read off the big road, the pays, limits and message cannot); a message too long for that is cut,
 *   with an ellipsis, where the most of it shows: to the lines that fit at the column's foot, or to the footer's
 *   (a portrait footer's one line is as wide as two of the column's: more than a column with one line to spare);
 *   a message of one word is whole on its line, a little smaller, or evenly broken (fit-word.ts);
 * - the statistics tighten their gaps (`dense`) when their lines would otherwise wrap past their panel (a bilingual
 *   landscape board), or wrap at all (a bilingual 4K board's panel has room under a wrapped line: Tie went alone to
 *   a line of its own). Their figures keep the room of their widest values (stats-panel.styles.ts), so what fits at
 *   one hand fits at every hand of the shoe.
 *
 * Once a measurement settles, the host is told what it came to when that changed (`kiosk:fit`): the message cut, and
 * to how many lines; the streak line given up. Nobody but a patron at the table sees either otherwise: the host warns
 * staff in the board's status (`pit-message-cut`, `streaks-hidden`), which the floor's console shows.
 *
 * ```ts
 * private readonly fit = new FitController(this);           // in <kiosk-app>
 * this.fit.attach(api);                                      // when the API changes (retell() when its link is back)
 * this.fit.follow(view.payTable, view.signage, key);         // in updated(): measures only when one has changed
 * ```
 * @packageDocumentation
 */
import type { LitElement, ReactiveController, ReactiveControllerHost } from 'lit';
import { MAX_MESSAGE_LINES } from '../../contract/fit-report';
import type { FitReport, KioskApi } from '../../contract/kiosk';
import { headlineFits, isCut, lineOf, overflows, shownOf, spills, updated, wraps } from './fit-measure';
import { fitWord } from './fit-word';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

export class FitController implements ReactiveController {
  private fitted: readonly unknown[] = [];
  /**
   * The header's limits show the minimum and maximum only, the others going to the sign column: even with their text
   * at the floor (`tight`), limits in the millions in two languages do not fit a portrait header's width.
   */
  limitsBrief = false;
  /** Where the host puts the pit's message: at the sign column's foot, or (false) in the footer. */
  messageInSigns = true;
  /** Whether the statistics show their streak line. */
  streaks = true;
  private api: KioskApi | null = null;
  /** What the last measurement came to (null before one), and what the host last took of it (JSON). */
  private measured: FitReport | null = null;
  private told: string | null = null;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {
    this.fitted = []; // a board put back on the page measures again
  }

  /** Follows the kiosk API (call when it changes): a new host is told the fit measured. */
  attach(api: KioskApi | null): void {
    if (api === this.api) return;
    this.api = api;
    this.retell();
  }

  /** Tells the host the fit again, changed or not (its link came back: it may have restarted). */
  retell(): void {
    this.told = null;
    this.tell();
  }

  /** Measures again if any of `what` (compared by identity) differs from what was last measured. */
  follow(...what: unknown[]): void {
    if (what.length === this.fitted.length && what.every((w, i) => w === this.fitted[i])) return;
    this.fitted = what;
    this.pending++;
    // One measurement at a time, in order: two interleaved would undo each other's steps.
    this.queue = this.queue.then(async () => {
      try {
        await this.fitHeadline(); // first: what it gives up goes to the sign column
        await this.fitSigns();
        await this.fitStats();
        this.measured = this.report();
        this.tell();
      } finally {
        if (--this.pending === 0) this.host.requestUpdate(); // what waited for the fit (record-place.ts) goes on
      }
    });
  }

  /** Measurements asked for and not yet done. */
  private pending = 0;

  /** Whether the fit is measuring (what goes in the room it leaves waits: record-place.ts). */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** Sends the fit measured to the host if it has not taken it yet; one it refused or never got is sent next time. */
  private tell(): void {
    const fit = this.measured;
    if (!this.api || !fit) return;
    const json = JSON.stringify(fit);
    if (json === this.told) return;
    this.told = json;
    this.api.request('kiosk:fit', fit).catch(() => {
      if (this.told === json) this.told = null;
    });
  }

  /** What the fit came to: the message cut (to how many lines), the streak line given up. */
  private report(): FitReport {
    const streaksHidden = !this.streaks;
    const message = this.message();
    if (!message || !isCut(message)) return { messageCut: false, streaksHidden };
    // The lines it shows: as clamped at the column's foot, else its box (the footer's clamp) over a line.
    const style = getComputedStyle(message);
    const box = message.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const clamped = Number(message.style.getPropertyValue('--lines'));
    const messageLines = Math.min(MAX_MESSAGE_LINES, Math.max(1, clamped || Math.round(box / lineOf(message))));
    return { messageCut: true, messageLines, streaksHidden };
  }

  /** The measurements asked for, one after another. */
  private queue: Promise<void> = Promise.resolve();

  private async fitSigns(): Promise<void> {
    await this.place(true, true); // measured anew with the message where it belongs
    if ((await this.tighten()) || !this.panel()?.querySelector(':scope > .message')) return;
    // The message whole in the footer, if the footer has the room (a portrait board's, for a line, taken back from
    // the streaks if it must be); else cut to the lines the column has; else cut in the footer.
    for (const streaks of [true, false]) {
      await this.place(false, streaks);
      if ((await this.tighten()) && this.settled()) return;
    }
    // Cut, then where the most of it shows: at the column's foot, unless the footer shows more of it with nothing
    // else cut (a portrait footer's one line is as wide as two of the column's).
    await this.place(true, true);
    const inColumn = (await this.tighten()) || (await this.clampMessage()) ? this.shown() : 0;
    if (inColumn > 0) {
      for (const streaks of [true, false]) {
        await this.place(false, streaks);
        if (!(await this.tighten()) || !this.panelsFit()) continue;
        if (this.shown() > inColumn) return;
        break;
      }
      await this.place(true, true);
      if ((await this.tighten()) || (await this.clampMessage())) return;
    }
    await this.place(false, true);
    if (await this.tighten()) return;
    await this.place(false, false);
    if (!(await this.tighten())) await this.place(false, true); // the streaks gave no room: they stay
  }

  /** Nothing cut: the message (in the footer) whole, and the statistics and last hand within their panels. */
  private settled(): boolean {
    const message = this.host.renderRoot.querySelector<HTMLElement>('.footer .message');
    return !(message && isCut(message)) && this.panelsFit();
  }

  /** The statistics and the last hand within their panels (a message in the footer takes room from them). */
  private panelsFit(): boolean {
    return ['.panel.stats', '.panel.last-hand'].every((sel) => {
      const panel = this.host.renderRoot.querySelector<HTMLElement>(sel);
      return !panel || !spills(panel);
    });
  }

  /** The pit's message, at the sign column's foot or in the footer. */
  private message(): HTMLElement | null {
    return (
      this.panel()?.querySelector<HTMLElement>(':scope > .message') ??
      this.host.renderRoot.querySelector<HTMLElement>('.footer .message')
    );
  }

  /** How much of the message shows where it is (1: whole; 0: there is none). */
  private shown(): number {
    const message = this.message();
    return message ? shownOf(message) : 0;
  }

  /**
   * A message longer than the room left at the sign column's foot is cut to the lines that fit there (an ellipsis
   * says so); false if not even one does.
   */
  private async clampMessage(): Promise<boolean> {
    const panel = this.panel();
    const message = panel?.querySelector<HTMLElement>(':scope > .message');
    if (!panel || !message) return false;
    const line = lineOf(message);
    message.classList.add('clamped');
    // From every line it has, down: rounded down, a guess of lineOf's taller than its lines (1.4 em for a 'normal'
    // line height, Noto Sans's being 1.36) never tried the last line of a long message.
    for (let lines = Math.ceil(message.scrollHeight / line); lines >= 1; lines--) {
      message.style.setProperty('--lines', String(lines));
      if (!overflows(panel)) return true;
    }
    message.classList.remove('clamped');
    message.style.removeProperty('--lines');
    return false;
  }

  private async place(messageInSigns: boolean, streaks: boolean): Promise<void> {
    if (this.messageInSigns === messageInSigns && this.streaks === streaks) return;
    this.messageInSigns = messageInSigns;
    this.streaks = streaks;
    this.host.requestUpdate();
    await this.host.updateComplete;
  }

  private panel = () => this.host.renderRoot.querySelector<HTMLElement>('.panel.signs');

  /**
   * Tightens the sign column as far as it must (nothing, `dense`, `narrow`, `tight`, `compact`); false if it still
   * overflows.
   */
  private async tighten(): Promise<boolean> {
    const panel = this.panel();
    if (!panel) return true;
    const parts = [...panel.querySelectorAll<LitElement>('kiosk-pay-table, kiosk-limits')];
    await updated(parts);
    for (const p of parts) for (const a of ['dense', 'narrow', 'tight', 'compact']) p.removeAttribute(a);
    const message = panel.querySelector<HTMLElement>(':scope > .message');
    message?.classList.remove('clamped');
    message?.style.removeProperty('--lines');
    fitWord(this.message()); // in the column or the footer
    if (!overflows(panel)) return true;
    for (const p of parts) p.setAttribute('dense', '');
    await updated(parts);
    if (!overflows(panel)) return true;
    // The side bets' ranges in the narrow symbol ("$100", the header saying "HK$") before any text gets smaller.
    for (const p of parts) p.setAttribute('narrow', '');
    await updated(parts);
    if (!overflows(panel)) return true;
    // Still too much (a portrait board offering every side bet, each with its limits): text at the floor (28 px).
    for (const p of parts) p.setAttribute('tight', '');
    await updated(parts);
    if (!overflows(panel) || message) return !overflows(panel);
    // The signs alone overflow (the message, if any, is in the footer): compact, Player and Banker on one line where
    // they pay the same, the six sign closer (pay-table.ts). Never for the message's sake: it can be cut, they cannot.
    for (const p of parts) p.setAttribute('compact', '');
    await updated(parts);
    return !overflows(panel);
  }

  /**
   * The header's limits at their own size, else at the floor (`tight`), else brief (the minimum and maximum, the
   * others in the sign column) at their own size, else brief at the floor.
   */
  private async fitHeadline(): Promise<void> {
    for (const brief of [false, true]) {
      if (this.limitsBrief !== brief) {
        this.limitsBrief = brief;
        this.host.requestUpdate();
        await this.host.updateComplete;
      }
      const headline = this.host.renderRoot.querySelector<LitElement>('kiosk-limits.headline');
      if (!headline) return;
      await headline.updateComplete;
      headline.removeAttribute('tight');
      if (headlineFits(headline)) return;
      headline.setAttribute('tight', '');
      await headline.updateComplete;
      if (headlineFits(headline) || brief) return;
    }
  }

  private async fitStats(): Promise<void> {
    const stats = this.host.renderRoot.querySelector<LitElement>('.panel.stats > kiosk-stats');
    const panel = stats?.parentElement;
    if (!stats || !panel) return;
    await stats.updateComplete;
    stats.removeAttribute('dense');
    if (spills(panel) || wraps(stats)) stats.setAttribute('dense', '');
  }
}
