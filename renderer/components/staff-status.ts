/**
 * `<kiosk-staff>`: what staff should know, discreet but legible, in words of the board's languages, never a code
 * (staff-words.ts), then the host's own words (English): the board out of step with its table, for how long and why
 * ("Out of step: a hand missing · 0:12 — hand 9 arrived but hand 8 is next"), and the host's warnings ("Results not
 * verified — results are not signed"). Patrons are told nothing here (the roads say "Updating results"). The elapsed
 * time ticks once a second, and only while out of step. One line at the footer's end (`lines`), at the foot of a
 * landscape board's sign column as many as the column has left, two at least (`fill`; its designed place there:
 * renderer/README.md, Layout): the out-of-step first, then warnings, one line each and the lines left over shared
 * among them (two for one alone, so its reason shows), and how many more did not fit; in a portrait header, a few
 * words (`compact`).
 *
 * ```html
 * <kiosk-staff .outOfStep=${view.outOfStep} .warnings=${view.warnings} language="en+zh-Hans"></kiosk-staff>
 * ```
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ConnectionRefusal, OutOfStep, StaffWarning } from '../../contract/kiosk';
import { DEFAULT_LANGUAGE, type Language, type Message } from '../localization';
import { sharedStyles } from './shared.styles';
import { staffStyles } from './staff-status.styles';
import {
  moreWarnings,
  outOfStepShort,
  outOfStepWords,
  refusedWords,
  staffSaid,
  warningCount,
  warningWords,
} from './staff-words';

/** Elapsed time as staff read it: "0:12", "14:03", "2:05:09". */
export function elapsed(fromIso: string, now: number): string {
  const from = Date.parse(fromIso);
  const s = Number.isNaN(from) ? 0 : Math.max(0, Math.floor((now - from) / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

const CLAMPS = ['', '', 'two', 'three', 'four', 'five', 'six'] as const;
/**
 * The most lines one item takes: a 4K sign column cut a long warning at four lines ("…") with two lines free under
 * it; six is as much as any warning's words take there.
 */
const MOST = CLAMPS.length - 1;

/**
 * How many lines each of `items` takes of `lines` (the class that clamps it): one each, then the rest shared among
 * them, first come first, up to what each needs whole (`needs`, where measured) and never more than six; where
 * everything fits whole, what is left goes evenly (the item's box is no taller for it). The item `whole` (the broker
 * refusing the board, whose last words say what to check) takes what it needs before the others share the rest.
 */
function clamps(lines: number, items: number, needs: readonly number[], whole = -1): (i: number) => string {
  const taken = Array.from({ length: items }, () => 1);
  let spare = lines - items;
  if (whole >= 0 && whole < items) {
    const more = Math.max(0, Math.min(spare, Math.min(MOST, needs[whole] ?? MOST) - 1));
    taken[whole]! += more;
    spare -= more;
  }
  for (let more = true; spare > 0 && more;) {
    more = false;
    for (let i = 0; i < items && spare > 0; i++) {
      if (taken[i]! < Math.min(MOST, needs[i] ?? MOST)) {
        taken[i]!++;
        spare--;
        more = true;
      }
    }
  }
  for (let i = 0; spare > 0 && i < items * MOST; i++) {
    if (taken[i % items]! < MOST) {
      taken[i % items]!++;
      spare--;
    }
  }
  return (i) => CLAMPS[taken[i] ?? 1] ?? '';
}

/**
 * Staff status.
 * @cssproperty --kiosk-ink-muted - The text.
 * @cssproperty --kiosk-hairline - The rule that sets it apart from the disclaimer.
 * @csspart staff - The block (its rule and padding on the left).
 */
@customElement('kiosk-staff')
export class KioskStaff extends LitElement {
  static override styles = [sharedStyles, staffStyles];

  @state() private now = Date.now();

  /** The board's out-of-step, as the view says (null: in step). */
  @property({ attribute: false }) outOfStep: OutOfStep | null = null;
  /** The host's warnings for staff. */
  @property({ attribute: false }) warnings: readonly StaffWarning[] = [];
  /** The broker refuses the board's connection, and why (the connection's `refused`): said first among the warnings. */
  @property({ attribute: false }) refused: ConnectionRefusal | null = null;
  /** Lines it may take: 1 in the footer (never taller than the disclaimer beside it), 2 in a portrait header. */
  @property({ type: Number }) lines = 1;
  /**
   * A few words only ("Out of step", "2 warnings"), where the board has no room for more (a portrait header, beside
   * the table's name); the about overlay and the console say the rest.
   */
  @property({ type: Boolean, reflect: true }) compact = false;
  /**
   * As many lines as its box has (never fewer than `lines`): at the foot of a landscape board's sign column, whose
   * room below the pays it fills (kiosk-app.panels.styles.ts); measured when that box changes size, never on a hand.
   */
  @property({ type: Boolean, reflect: true }) fill = false;
  /** The board's language: the words staff read are in it (the host's own, after them, in English). */
  @property() language: Language = DEFAULT_LANGUAGE;
  /** Clock for tests: milliseconds since the epoch; 0 uses the real clock. */
  @property({ type: Number }) clock = 0;

  /** The height its box has for its items (`fill`), in em, as last measured; 0 before. */
  @state() private height = 0;
  /** The lines each item shown would take whole (`fill`), as last measured; none before. */
  @state() private needs: readonly number[] = [];

  private timer: ReturnType<typeof setInterval> | null = null;
  private resize: ResizeObserver | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.resize = new ResizeObserver(() => this.measure());
    this.resize.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopTicking();
    this.resize?.disconnect();
    this.resize = null;
  }

  /** The height its box has for its items, in em, when it fills a place. */
  protected override updated(): void {
    // What each item would take whole (a clamped box keeps its whole text's height to scroll), so that the lines to
    // spare go where they are needed; measured again only if that changed (it does not with the clamps themselves).
    if (!this.fill) return;
    const items = [...this.renderRoot.querySelectorAll<HTMLElement>('.item')];
    const line = items[0] ? parseFloat(getComputedStyle(items[0]).lineHeight) : 0;
    if (!line) return;
    const needs = items.map((p) => Math.max(1, Math.round(p.scrollHeight / line)));
    if (needs.join() !== this.needs.join()) this.needs = needs;
  }

  private measure(): void {
    if (!this.fill) return;
    const style = getComputedStyle(this);
    const em = parseFloat(style.fontSize);
    const height = this.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const inEm = Math.max(0, height / em);
    if (Math.abs(inEm - this.height) > 0.01) this.height = inEm;
  }

  protected override willUpdate(): void {
    if (this.outOfStep && !this.timer && !this.clock) {
      this.now = Date.now();
      this.timer = setInterval(() => (this.now = Date.now()), 1000);
    } else if (!this.outOfStep) this.stopTicking();
  }

  private stopTicking(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  override render() {
    const o = this.outOfStep;
    const lang = this.language;
    // The broker refusing the board first (nothing reaches it until that is fixed), then the host's warnings.
    const all = [
      ...(this.refused ? [{ code: `${this.refused}-refused`, ...refusedWords(lang, this.refused) }] : []),
      ...this.warnings.map((w) => ({ code: w.code, what: warningWords(lang, w.code), detail: w.detail })),
    ];
    if (!o && all.length === 0) return nothing;
    // One line each, and the lines left over shared among them, first come first (an out-of-step or a warning alone
    // takes two when two are allowed, so that its reason can be read; none more than six);
    // what does not fit is counted.
    // Lines of 1.2 em, items 0.1 em apart (staffStyles): as many as the box holds with every item shown.
    const count = all.length + (o ? 1 : 0);
    const lines = this.fill
      ? Math.max(this.lines, Math.floor((this.height - 0.1 * (count - 1)) / 1.2 + 0.001))
      : this.lines;
    const room = Math.max(0, lines - (o ? 1 : 0));
    const shown = all.slice(0, room);
    const more = all.length - shown.length;
    const items = shown.length + (o ? 1 : 0);
    // The broker's refusal is all[0], shown after the out-of-step item if any.
    const clamp = clamps(lines, items, this.needs, this.refused && shown.length > 0 ? (o ? 1 : 0) : -1);
    const said = staffSaid.bind(null, lang);
    if (this.compact) {
      // A portrait header's corner, beside the room kept for the round's phase, has room for a count in one language:
      // a bilingual board's two were cut to "2 warning…". It counts in English there, as a warning's detail is said;
      // the overlay says all. Out of step, the phase is not shown: both languages fit. The broker refusing the board
      // is named rather than counted (nothing reaches the board until it is fixed), in one language as the count, and
      // the warnings after it counted ("Password refused (+4 more)"): staff learn there are more to read.
      const one = (m: Message): Message => (lang.startsWith('en+') ? { en: m.en, zh: null } : m);
      const first = this.refused ? all[0]!.what : warningCount(lang, all.length);
      const few = o ? outOfStepShort(lang) : one(first);
      const after = !o && this.refused && all.length > 1 ? one(moreWarnings(lang, all.length - 1)) : null;
      return html`<div class="staff" part="staff" role="status">
        <p class="item" data-code=${o?.code ?? all[0]!.code}>
          <span class="what">${said(few)}${after ? html` (${said(after)})` : nothing}</span>
        </p>
      </div>`;
    }
    return html`<div class="staff" part="staff" role="status">
      ${
        o
          ? html`<p class="item out-of-step ${clamp(0)}" data-code=${o.code}>
              <span class="what"
                >${said(outOfStepWords(lang, o.code))} ·
                <span class="num" data-elapsed>${elapsed(o.since, this.clock || this.now)}</span>${
                  shown.length === 0 && more > 0 ? html` · ${said(warningCount(lang, more))}` : nothing
                }</span
              >
              — <span lang="en">${o.reason}</span>
            </p>`
          : nothing
      }
      ${shown.map(
        (w, i) =>
          html`<p class="item warning ${clamp(i + (o ? 1 : 0))}" data-code=${w.code}>
            <span class="what"
              >${said(w.what)}${
                i === shown.length - 1 && more > 0 ? html` (${said(moreWarnings(lang, more))})` : nothing
              }</span
            >
            — <span lang="en">${w.detail}</span>
          </p>`,
      )}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kiosk-staff': KioskStaff;
  }
}
