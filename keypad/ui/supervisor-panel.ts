/**
 * `<keypad-supervisor>`: what needs a supervisor: correcting a hand the boards already show (by cards or by
 * outcome, as the table keys), or declaring it void afterwards (rule 12.6, house rule 4.2). The supervisor's name
 * and code go with the request; the keypad checks the code and records the name (the correction's `by`).
 *
 * @event keypad-act - the correction or void, with the supervisor's name and code
 * @event keypad-cancelled - closed
 * @packageDocumentation
 */
import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { parseCards } from '../../baccarat/cards';
import type { HandView, KeyedResult, Keying, RoundVoidNow } from '../protocol';
import { ROUND_VOID_REASONS } from '../protocol';
import { completeCoup, keyedOf, nextSlot } from '../round-entry';
import { asRecorded, recordedEntry } from './correction';
import { actEvent } from './events';
import { score } from './format';
import type { Strings } from './locales';
import { sharedStyles } from './shared.styles';
import { supervisorStyles } from './supervisor-panel.styles';
import './card-grid';
import './outcome-pad';
import './round-board';

type Mode = 'correct' | 'void';

@customElement('keypad-supervisor')
export class KeypadSupervisor extends LitElement {
  static override styles = [sharedStyles, supervisorStyles];

  @property({ attribute: false }) t!: Strings;
  @property({ attribute: false }) hands: readonly HandView[] = [];
  @property() keying: Keying = 'cards';
  /** The server's answer to the last request (a wrong code). */
  @property() error = '';
  @property({ attribute: false }) exhausted: readonly string[] = [];

  @state() private handNo: number | null = null;
  @state() private mode: Mode | null = null;
  @state() private cards: string[] = [];
  @state() private keyed: KeyedResult | null = null;
  @state() private reason: RoundVoidNow | null = null;
  @state() private name = '';
  @state() private code = '';
  @state() private note = '';

  private get hand(): HandView | undefined {
    return this.hands.find((h) => h.no === this.handNo);
  }

  private parsed() {
    const p = parseCards(this.cards);
    return p.ok ? p.value : [];
  }

  private get ready(): boolean {
    if (this.handNo === null || this.name.trim() === '' || this.code === '') return false;
    if (this.mode === 'void') return this.reason !== null;
    if (this.mode !== 'correct' || this.unchanged) return false;
    return this.keying === 'cards' ? completeCoup(this.parsed()) !== null : this.keyed !== null;
  }

  /** The correction keyed so far is the hand as recorded: nothing to send yet. */
  private get unchanged(): boolean {
    const h = this.hand;
    return h !== undefined && asRecorded(h, this.keying, { cards: this.cards, result: this.keyed });
  }

  /** Correcting starts from the hand as recorded: its cards (or its result, in the outcome pad). */
  private correct(h: HandView): void {
    this.mode = 'correct';
    this.cards = recordedEntry(h);
    this.keyed = null;
  }

  private send(): void {
    if (!this.ready || this.handNo === null) return;
    const note = this.note.trim() === '' ? {} : { note: this.note.trim().slice(0, 200) };
    const action =
      this.mode === 'void'
        ? { type: 'void-recorded' as const, handNo: this.handNo, reason: this.reason as RoundVoidNow, ...note }
        : this.keying === 'cards'
          ? { type: 'correct' as const, handNo: this.handNo, cards: this.cards, ...note }
          : { type: 'correct' as const, handNo: this.handNo, keyed: this.keyed as KeyedResult, ...note };
    this.dispatchEvent(actEvent({ request: { action, supervisor: this.name.trim(), code: this.code } }));
    this.code = '';
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
    const coup = completeCoup(this.parsed());
    return html`<div class="entry">
      <div class="keyed">
        <keypad-round .t=${t} .cards=${this.cards} .next=${nextSlot(this.parsed())}></keypad-round>
        <div class="side">
          <button
            data-take-back
            ?disabled=${this.cards.length === 0}
            @click=${() => (this.cards = this.cards.slice(0, -1))}
          >
            ${t.takeBack}
          </button>
          <div class="summary">${coup ? t.wins(coup.outcome, coup.playerPoints, coup.bankerPoints) : ''}</div>
        </div>
      </div>
      <keypad-card-grid
        ?disabled=${coup !== null}
        @keypad-card=${(e: CustomEvent<string>) => {
          e.stopPropagation();
          this.cards = [...this.cards, e.detail];
        }}
      ></keypad-card-grid>
    </div>`;
  }

  override render() {
    const t = this.t;
    const h = this.hand;
    const keyedCoup = this.keying === 'cards' ? completeCoup(this.parsed()) : null;
    const result = this.keying === 'cards' ? keyedCoup && keyedOf(keyedCoup) : this.keyed;
    return html`<div class="scrim" role="dialog" aria-modal="true" aria-labelledby="sv-title">
      <div class="box">
        <div class="top">
          <h2 id="sv-title">${t.supervisorTitle}</h2>
          <button
            data-close
            @click=${() => this.dispatchEvent(new CustomEvent('keypad-cancelled', { bubbles: true, composed: true }))}
          >
            ${t.close}
          </button>
        </div>
        <div class="body">
          <div class="pick">
            <span class="muted">${t.pickHand}</span>
            <div class="hands" role="group" aria-label=${t.pickHand}>
              ${[...this.hands].reverse().map(
                (x) =>
                  html`<button
                    class=${x.result.outcome}
                    data-pick-hand=${x.no}
                    aria-pressed=${this.handNo === x.no}
                    ?disabled=${Boolean(x.voided)}
                    @click=${() => {
                      this.handNo = x.no;
                      this.mode = null;
                      this.cards = [];
                      this.keyed = null;
                    }}
                  >
                    ${x.no}: ${t.short[x.result.outcome]} ${score(x.result)}
                  </button>`,
              )}
            </div>
          </div>
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
          h && this.mode
            ? html`<div class="foot">
                ${this.mode === 'correct' && this.unchanged ? html`<div class="muted" data-as-recorded>${this.keying === 'cards' ? t.asRecordedCards : t.asRecordedOutcome}</div>` : nothing}
                <div class="who">
                  <label
                    >${t.name}<input
                      data-name
                      .value=${this.name}
                      @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)}
                      autocomplete="off"
                  /></label>
                  <label
                    >${t.code}<input
                      data-code
                      type="password"
                      inputmode="numeric"
                      .value=${this.code}
                      @input=${(e: Event) => (this.code = (e.target as HTMLInputElement).value)}
                      autocomplete="off"
                  /></label>
                  <label class="note"
                    >${t.note}<input
                      data-note
                      .value=${this.note}
                      maxlength="200"
                      @input=${(e: Event) => (this.note = (e.target as HTMLInputElement).value)}
                  /></label>
                  <button class="primary big" data-send ?disabled=${!this.ready} @click=${() => this.send()}>
                    ${t.send}${this.mode === 'correct' && result && !this.unchanged ? `${t.colon}${t.wins(result.outcome, result.playerPoints, result.bankerPoints).replace(/ – /g, '\u00a0–\u00a0')}` : ''}
                  </button>
                </div>
                ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : nothing}
              </div>`
            : nothing
        }
      </div>
    </div>`;
  }
}
