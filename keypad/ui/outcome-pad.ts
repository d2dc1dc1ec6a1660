/**
 * `<keypad-outcome>`: a result keyed without cards: the winner, both point counts, the pairs and the natural. Only
 * what the Table of Play allows can be chosen: points that contradict the winner, and a natural or pairs no deal
 * can produce with those points, are disabled (the core's `isReachable`, worked out from every deal).
 *
 * @event keypad-keyed - the result was confirmed; `detail` is the KeyedResult
 * @packageDocumentation
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { checkResult, isReachable } from '../../baccarat/result-check';
import { outcomeOf } from '../../baccarat/table-of-play';
import { OUTCOMES, type Outcome, type Point } from '../../baccarat/types';
import type { KeyedResult } from '../protocol';
import type { Strings } from './locales';
import { sharedStyles } from './shared.styles';

const POINTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
type Flag = 'playerPair' | 'bankerPair' | 'natural';

declare global {
  interface GlobalEventHandlersEventMap {
    'keypad-keyed': CustomEvent<KeyedResult>;
  }
}

/** The result as the dealer keyed it, in words: the winner, the points, the pairs and the natural. */
const summary = (t: Strings, r: KeyedResult): string =>
  [
    t.wins(r.outcome, r.playerPoints, r.bankerPoints),
    ...(['playerPair', 'bankerPair', 'natural'] as const).filter((k) => r[k]).map((k) => t[k]),
  ].join(' · ');

@customElement('keypad-outcome')
export class KeypadOutcome extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: grid;
        gap: var(--k-gap);
      }
      .row {
        display: grid;
        gap: var(--k-gap);
      }
      .label {
        font-weight: 700;
        color: var(--k-muted);
      }
      .winners {
        grid-template-columns: repeat(3, 1fr);
      }
      .winners button {
        min-height: calc(var(--k-target) * 1.4);
        font-size: 1.4em;
        border-color: var(--side);
        color: var(--k-ink);
      }
      .winners button[aria-pressed='true'] {
        background: var(--side);
      }
      .points {
        grid-template-columns: repeat(10, minmax(var(--k-target), 1fr));
      }
      .points button {
        font-size: 1.4em;
        padding: 0;
      }
      .points button[aria-pressed='true'] {
        background: var(--side);
        border-color: var(--side);
      }
      .flags {
        grid-template-columns: repeat(3, 1fr);
      }
      .flags button[aria-pressed='true'] {
        background: var(--k-accent);
        border-color: var(--k-accent);
        color: var(--k-accent-ink);
      }
      /* The result goes on Confirm itself, and the round's other actions (slotted) beside it, as when keying cards:
         one row, so that with the shoe's hands below, Cut card and Round void are not scrolled out of view. */
      .act {
        grid-auto-flow: column;
        grid-auto-columns: 1fr;
      }
      /* In portrait the round screen gives the pad the height it has (most of the screen): its rows share it, the
         winners most, rather than leave a dark void above the pad. Unstretched (the supervisor's panel), the rows
         keep their own heights. Not in landscape: there the fr rows' intrinsic heights grew the pad past the screen
         once the shoe's hands took their strip. */
      @media (orientation: portrait) {
        :host {
          grid-template-rows: 2.2fr auto 1.4fr auto 1.4fr 1fr 1.2fr;
        }
        .winners button {
          font-size: 1.8em;
        }
        .points button {
          font-size: 1.7em;
        }
      }
    `,
  ];

  @property({ attribute: false }) t!: Strings;
  /** A result to start from (the hand taken back by an undo, or the one a supervisor corrects). */
  @property({ attribute: false }) value: KeyedResult | null = null;
  /** The confirming button's words. */
  @property() label = '';
  @property({ type: Boolean }) disabled = false;

  @state() private outcome: Outcome | null = null;
  @state() private p: Point | null = null;
  @state() private b: Point | null = null;
  @state() private flags: Record<Flag, boolean> = { playerPair: false, bankerPair: false, natural: false };

  override willUpdate(changed: Map<string, unknown>): void {
    // Every view pushed brings a new object: only another result resets what the dealer is keying.
    if (changed.has('value') && this.value && JSON.stringify(changed.get('value')) !== JSON.stringify(this.value)) {
      const v = this.value;
      this.outcome = v.outcome;
      this.p = v.playerPoints;
      this.b = v.bankerPoints;
      this.flags = { playerPair: v.playerPair, bankerPair: v.bankerPair, natural: v.natural };
    }
  }

  /** Clears what was keyed (after a result is sent). */
  reset(): void {
    this.outcome = this.p = this.b = null;
    this.flags = { playerPair: false, bankerPair: false, natural: false };
  }

  private pointOk(side: 'p' | 'b', v: Point): boolean {
    const o = this.outcome;
    const other = side === 'p' ? this.b : this.p;
    if (other !== null) return o === null || (side === 'p' ? outcomeOf(v, other) : outcomeOf(other, v)) === o;
    return o === null || POINTS.some((y) => (side === 'p' ? outcomeOf(v, y) : outcomeOf(y, v)) === o);
  }

  /** Drops the flags the points no longer allow. */
  private tidy(): void {
    if (this.p === null || this.b === null) return;
    let f = { ...this.flags };
    for (const k of ['natural', 'playerPair', 'bankerPair'] as const)
      if (f[k] && !isReachable(this.p, this.b, f)) f = { ...f, [k]: false };
    this.flags = f;
  }

  private pickOutcome(o: Outcome): void {
    this.outcome = o;
    if (this.p !== null && this.b !== null && outcomeOf(this.p, this.b) !== o) this.b = null;
    if (this.p !== null && !this.pointOk('p', this.p)) this.p = null;
    this.tidy();
  }

  private pick(side: 'p' | 'b', v: Point): void {
    if (side === 'p') this.p = v;
    else this.b = v;
    if (this.p !== null && this.b !== null) this.outcome = outcomeOf(this.p, this.b);
    this.tidy();
  }

  private flagOk(k: Flag): boolean {
    if (this.flags[k]) return true;
    return this.p !== null && this.b !== null && isReachable(this.p, this.b, { ...this.flags, [k]: true });
  }

  private get result(): KeyedResult | null {
    if (this.outcome === null || this.p === null || this.b === null) return null;
    const r: KeyedResult = { outcome: this.outcome, playerPoints: this.p, bankerPoints: this.b, ...this.flags };
    return checkResult(r).ok ? r : null;
  }

  private confirm(): void {
    const r = this.result;
    if (r) this.dispatchEvent(new CustomEvent('keypad-keyed', { detail: r, bubbles: true, composed: true }));
  }

  override render() {
    const t = this.t;
    const r = this.result;
    const pointsRow = (side: 'p' | 'b') => {
      const chosen = side === 'p' ? this.p : this.b;
      return html`<div class="label">${t.pointsOf(side === 'p' ? t.outcome.player : t.outcome.banker)}</div>
        <div class="row points ${side === 'p' ? 'player' : 'banker'}" data-points=${side === 'p' ? 'player' : 'banker'}>
          ${POINTS.map(
            (v) =>
              html`<button
                aria-pressed=${chosen === v}
                ?disabled=${this.disabled || !this.pointOk(side, v)}
                @click=${() => this.pick(side, v)}
              >
                ${v}
              </button>`,
          )}
        </div>`;
    };
    return html`
      <div class="row winners" data-winner>
        ${OUTCOMES.map(
          (o) =>
            html`<button
              class=${o}
              data-outcome=${o}
              aria-pressed=${this.outcome === o}
              ?disabled=${this.disabled}
              @click=${() => this.pickOutcome(o)}
            >
              ${t.outcome[o]}
            </button>`,
        )}
      </div>
      ${pointsRow('p')} ${pointsRow('b')}
      <div class="row flags">
        ${(['playerPair', 'bankerPair', 'natural'] as const).map(
          (k) =>
            html`<button
              data-flag=${k}
              aria-pressed=${this.flags[k]}
              ?disabled=${this.disabled || !this.flagOk(k)}
              @click=${() => {
                this.flags = { ...this.flags, [k]: !this.flags[k] };
                this.tidy();
              }}
            >
              ${t[k]}
            </button>`,
        )}
      </div>
      <div class="row act">
        <slot></slot>
        <button
          class="primary big"
          data-confirm
          aria-live="polite"
          ?disabled=${this.disabled || r === null}
          @click=${() => this.confirm()}
        >
          ${this.label}${r ? `${t.colon}${summary(t, r)}` : ''}
        </button>
      </div>
    `;
  }
}
