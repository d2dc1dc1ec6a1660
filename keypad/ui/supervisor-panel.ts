/**
 * `<keypad-supervisor>`: what needs a supervisor: correcting a hand the boards already show (by cards or by
 * outcome, as the table keys), declaring it void afterwards (rule 12.6, house rule 4.2), or withdrawing a cut card
 * keyed by mistake (`cut-card-offer.ts`). The supervisor's name
 * and code go with the request; the keypad checks the code and records the name (the correction's `by`).
 * A correction by cards starts from the hand as recorded; a card tapped there is replaced by the next card key
 * tapped (tapped again, it stays). Where that changes a third card under the Table of Play, the panel says so, and
 * Send waits for a legal complete coup.
 *
 * @event keypad-act - the correction or void, with the supervisor's name and code
 * @event keypad-cancelled - closed
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { parseCards } from '../../baccarat/cards';
import type { HandView, KeyedResult, Keying, RoundVoidNow, Slot, SupervisorAction } from '../protocol';
import { ROUND_VOID_REASONS } from '../protocol';
import { completeCoup, keyedOf } from '../round-entry';
import { asRecorded, exhaustedInCorrection, recordedSides } from './correction';
import { checkCards, dealingOf, keyCard, replaceCard, takeBack, type SidedCards } from './correction-cards';
import { correctionLines } from './correction-lines';
import { actEvent } from './events';
import { cutCardOffer } from './cut-card-offer';
import { handPicker } from './hand-picker';
import type { Strings } from './locales';
import { sharedStyles } from './shared.styles';
import { lockedFoot, supervisorFoot } from './supervisor-foot';
import { supervisorStyles } from './supervisor-panel.styles';
import './card-grid';
import './outcome-pad';
import './round-board';

type Mode = 'correct' | 'void' | 'cut-card';

@customElement('keypad-supervisor')
export class KeypadSupervisor extends LitElement {
  static override styles = [sharedStyles, supervisorStyles];

  @property({ attribute: false }) t!: Strings;
  @property({ attribute: false }) hands: readonly HandView[] = [];
  @property() keying: Keying = 'cards';
  /** The server's answer to the last request (a wrong code). */
  @property() error = '';
  @property({ attribute: false }) exhausted: readonly string[] = [];
  /** Until when codes are locked (too many wrong), in the page's ms; 0: not locked. Send is off until then. */
  @property({ type: Number }) lockedUntil = 0;
  /** The round the cut card was keyed in, while it may be withdrawn (keyed by mistake); null: not out. */
  @property({ attribute: false }) cutCardRound: number | null = null;

  @state() private handNo: number | null = null;
  @state() private mode: Mode | null = null;
  @state() private cards: SidedCards = { player: [], banker: [] };
  /** The card picked to be replaced by the next card key tapped. */
  @state() private picked: Slot | null = null;
  @state() private keyed: KeyedResult | null = null;
  @state() private reason: RoundVoidNow | null = null;
  @state() private name = '';
  @state() private code = '';
  @state() private note = '';
  @state() private now = Date.now();
  private tick: ReturnType<typeof setInterval> | null = null; // runs only while codes are locked

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopTick();
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('lockedUntil') && this.lockedUntil > Date.now() && !this.tick) {
      this.now = Date.now();
      this.tick = setInterval(() => {
        this.now = Date.now();
        if (this.now >= this.lockedUntil) this.stopTick();
      }, 250);
    }
  }

  private stopTick(): void {
    if (this.tick) clearInterval(this.tick);
    this.tick = null;
  }

  /** Whole seconds left of the lock-out, or 0. */
  private get lockedFor(): number {
    return Math.max(0, Math.ceil((this.lockedUntil - this.now) / 1000));
  }

  private get hand(): HandView | undefined {
    return this.hands.find((h) => h.no === this.handNo);
  }

  /** The coup the cards make once they are a legal complete coup; else null. */
  private coup() {
    if (!checkCards(this.cards).complete) return null;
    const p = parseCards(dealingOf(this.cards));
    return p.ok ? completeCoup(p.value) : null;
  }

  private get ready(): boolean {
    if (this.lockedFor > 0) return false;
    if (this.name.trim() === '' || this.code === '') return false;
    if (this.mode === 'cut-card') return this.cutCardRound !== null;
    if (this.handNo === null) return false;
    if (this.mode === 'void') return this.reason !== null;
    if (this.mode !== 'correct' || this.unchanged) return false;
    return this.keying === 'cards' ? this.coup() !== null : this.keyed !== null;
  }

  /** The correction keyed so far is the hand as recorded: nothing to send yet. */
  private get unchanged(): boolean {
    const h = this.hand;
    return h !== undefined && asRecorded(h, this.keying, { cards: this.cards, result: this.keyed });
  }

  /** Correcting starts from the hand as recorded: its cards (or its result, in the outcome pad). */
  private correct(h: HandView): void {
    this.mode = 'correct';
    this.cards = recordedSides(h);
    this.picked = null;
    this.keyed = null;
  }

  /** A hand chosen: what to do with it is chosen next. */
  private pickHand(no: number): void {
    this.handNo = no;
    this.mode = null;
    this.cards = { player: [], banker: [] };
    this.picked = null;
    this.keyed = null;
  }

  /** A card of the round tapped: picked to be replaced, or, tapped again, left as it is. */
  private pick(at: Slot): void {
    this.picked = this.picked?.side === at.side && this.picked.index === at.index ? null : at;
  }

  /** A card key tapped: it replaces the card picked, else goes where the Table of Play deals the next card. */
  private key(card: string): void {
    this.cards = this.picked ? replaceCard(this.cards, this.picked, card) : keyCard(this.cards, card);
    this.picked = null;
  }

  private send(): void {
    const action = this.ready ? this.action() : null;
    if (!action) return;
    this.dispatchEvent(actEvent({ request: { action, supervisor: this.name.trim(), code: this.code } }));
    this.code = '';
  }

  /** What Send asks for, from the mode and what was keyed. */
  private action(): SupervisorAction | null {
    const note = this.note.trim() === '' ? {} : { note: this.note.trim().slice(0, 200) };
    if (this.mode === 'cut-card') return { type: 'withdraw-cut-card', ...note };
    const handNo = this.handNo;
    if (handNo === null) return null;
    if (this.mode === 'void') return { type: 'void-recorded', handNo, reason: this.reason as RoundVoidNow, ...note };
    return this.keying === 'cards'
      ? { type: 'correct', handNo, cards: dealingOf(this.cards), ...note }
      : { type: 'correct', handNo, keyed: this.keyed as KeyedResult, ...note };
  }

  private entry() {
    const t = this.t;
    const h = this.hand;
    if (!h || this.mode !== 'correct') return nothing;
    if (this.keying === 'outcome')
      return html`<keypad-outcome
        .t=${t}
        .value=${h.result}
        label=${t.correctHand(h.no)}
        @keypad-keyed=${(e: CustomEvent<KeyedResult>) => {
          e.stopPropagation();
          this.keyed = e.detail;
        }}
      ></keypad-outcome>`;
    const check = checkCards(this.cards);
    const coup = this.coup();
    return html`<div class="entry">
      <div class="keyed">
        <keypad-round
          pickable
          .t=${t}
          .hands=${this.cards}
          .next=${this.picked ? null : check.next}
          .extra=${check.extra}
          .picked=${this.picked}
          @keypad-pick-card=${(e: CustomEvent<Slot>) => {
            e.stopPropagation();
            this.pick(e.detail);
          }}
        ></keypad-round>
        <div class="side">
          <button
            data-take-back
            ?disabled=${dealingOf(this.cards).length === 0}
            @click=${() => {
              this.cards = takeBack(this.cards);
              this.picked = null;
            }}
          >
            ${t.takeBack}
          </button>
          <div class="summary" data-summary>
            ${coup ? t.wins(coup.outcome, coup.playerPoints, coup.bankerPoints) : ''}
          </div>
        </div>
      </div>
      ${correctionLines(t, h, this.cards, this.picked)}
      <keypad-card-grid
        .t=${t}
        .exhausted=${exhaustedInCorrection(this.exhausted, recordedSides(h), this.cards)}
        ?disabled=${!this.picked && check.next === null}
        @keypad-card=${(e: CustomEvent<string>) => {
          e.stopPropagation();
          this.key(e.detail);
        }}
      ></keypad-card-grid>
    </div>`;
  }

  override render() {
    const t = this.t;
    const h = this.hand;
    const keyedCoup = this.keying === 'cards' ? this.coup() : null;
    const result = this.keying === 'cards' ? keyedCoup && keyedOf(keyedCoup) : this.keyed;
    return html`<div class="scrim" role="dialog" aria-modal="true" aria-labelledby="sv-title">
      <div class="box">
        <div class="top">
          <h2 id="sv-title">${this.cutCardRound === null ? t.supervisorTitle : t.supervisorTitleCutCard}</h2>
          <button
            data-close
            @click=${() => this.dispatchEvent(new CustomEvent('keypad-cancelled', { bubbles: true, composed: true }))}
          >
            ${t.close}
          </button>
        </div>
        <div class="body">
          ${cutCardOffer(t, this.cutCardRound, this.mode === 'cut-card', () => {
            this.handNo = null;
            this.mode = 'cut-card';
          })}
          ${handPicker(t, this.hands, this.handNo, (no) => this.pickHand(no))}
          ${
            h
              ? html`<div class="modes">
                  <button data-mode="correct" aria-pressed=${this.mode === 'correct'} @click=${() => this.correct(h)}>
                    ${t.correctHand(h.no)}
                  </button>
                  <button
                    data-mode="void"
                    class="danger"
                    aria-pressed=${this.mode === 'void'}
                    @click=${() => (this.mode = 'void')}
                  >
                    ${t.voidRecorded(h.no)}
                  </button>
                </div>`
              : nothing
          }
          ${this.entry()}
          ${
            h && this.mode === 'void'
              ? html`<div class="reasons">
                  ${ROUND_VOID_REASONS.filter((r) => r !== 'insufficient-cards').map(
                    (r) =>
                      html`<button data-reason=${r} aria-pressed=${this.reason === r} @click=${() => (this.reason = r)}>
                        ${t.voidReasons[r]}
                      </button>`,
                  )}
                </div>`
              : nothing
          }
        </div>
        ${
          (h && this.mode) || this.mode === 'cut-card'
            ? supervisorFoot({
                t,
                name: this.name,
                code: this.code,
                note: this.note,
                ready: this.ready,
                sends:
                  this.mode === 'correct' && result && !this.unchanged
                    ? `${t.colon}${t.wins(result.outcome, result.playerPoints, result.bankerPoints).replace(/ – /g, '\u00a0–\u00a0')}`
                    : '',
                lockedFor: this.lockedFor,
                error: this.error,
                asRecorded:
                  this.mode === 'correct' && this.unchanged
                    ? this.keying === 'cards'
                      ? t.asRecordedCards
                      : t.asRecordedOutcome
                    : null,
                set: (field, value) => (this[field] = value),
                send: () => this.send(),
              })
            : lockedFoot(t, this.lockedFor)
        }
      </div>
    </div>`;
  }
}
