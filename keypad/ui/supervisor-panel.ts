/**
 * `<keypad-supervisor>`: what needs a supervisor: correcting a hand the boards already show (by cards or by
 * outcome, as the table keys), or declaring it void afterwards (rule 12.6, house rule 4.2). The supervisor's name
 * and code go with the request; the keypad checks the code and records the name (the correction's `by`).
 *
 * @event keypad-act - the correction or void, with the supervisor's name and code
 * @event keypad-cancelled - closed
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { parseCards } from '../../baccarat/cards';
import type { HandView, KeyedResult, Keying, RoundVoidNow } from '../protocol';
import { ROUND_VOID_REASONS } from '../protocol';
import { completeCoup, keyedOf, nextSlot } from '../round-entry';
import { actEvent } from './events';
import { score } from './format';
import type { Strings } from './locales';
import { sharedStyles } from './shared.styles';
import './card-grid';
import './outcome-pad';
import './round-board';

type Mode = 'correct' | 'void';

@customElement('keypad-supervisor')
export class KeypadSupervisor extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      .scrim {
        position: fixed;
        inset: 0;
        background: rgb(0 0 0 / 0.75);
        display: grid;
        place-items: center;
        z-index: 5;
      }
      .box {
        background: var(--k-panel);
        border: 3px solid var(--k-warn);
        border-radius: 16px;
        padding: 20px;
        width: min(1200px, 96vw);
        max-height: 96vh;
        overflow: auto;
        display: grid;
        grid-template-columns: minmax(0, 1fr); /* the box's width, whatever its content's: Close stays on screen */
        gap: 16px;
      }
      @media (max-width: 820px) {
        /* Portrait: the whole width, for the 13 cards of a row (13 × 56 px and their gaps: 776 px). */
        .box {
          width: 100vw;
          max-height: 100vh;
          padding: 14px 8px;
          border-width: 3px 0;
          border-radius: 0;
        }
      }
      .top {
        display: flex;
        justify-content: space-between;
        align-items: center;
        gap: 12px;
      }
      .hands {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(110px, 1fr));
        gap: 8px;
      }
      .hands button {
        border-color: var(--side);
      }
      .hands button[aria-pressed='true'] {
        background: var(--side);
      }
      .modes,
      .reasons {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 10px;
      }
      .reasons {
        grid-template-columns: 1fr;
      }
      .who {
        display: grid;
        grid-template-columns: 1fr 1fr 2fr;
        gap: 10px;
        align-items: end;
      }
      label {
        display: grid;
        gap: 4px;
        font-weight: 700;
      }
      input {
        font: inherit;
        width: 100%;
        min-width: 0;
        min-height: var(--k-target);
        border-radius: 10px;
        border: 2px solid var(--k-line-strong);
        background: var(--k-bg);
        color: var(--k-ink);
        padding: 0 12px;
      }
      .error {
        color: var(--k-danger);
        font-weight: 800;
      }
      .entry {
        display: grid;
        gap: 12px;
      }
    `,
  ];

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
    if (this.mode !== 'correct') return false;
    return this.keying === 'cards' ? completeCoup(this.parsed()) !== null : this.keyed !== null;
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
      <keypad-round .t=${t} .cards=${this.cards} .next=${nextSlot(this.parsed())}></keypad-round>
      <div class="modes">
        <button
          data-take-back
          ?disabled=${this.cards.length === 0}
          @click=${() => (this.cards = this.cards.slice(0, -1))}
        >
          ${t.takeBack}
        </button>
        <div class="summary">${coup ? t.wins(coup.outcome, coup.playerPoints, coup.bankerPoints) : ''}</div>
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
        <div class="muted">${t.pickHand}</div>
        <div class="hands">
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
        ${
          h
            ? html`<div class="modes">
                <button
                  data-mode="correct"
                  aria-pressed=${this.mode === 'correct'}
                  @click=${() => (this.mode = 'correct')}
                >
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
        ${
          h && this.mode
            ? html`<div class="who">
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
                  <label
                    >${t.note}<input
                      data-note
                      .value=${this.note}
                      maxlength="200"
                      @input=${(e: Event) => (this.note = (e.target as HTMLInputElement).value)}
                  /></label>
                </div>
                ${this.error ? html`<div class="error" role="alert">${this.error}</div>` : nothing}
                <button class="primary big" data-send ?disabled=${!this.ready} @click=${() => this.send()}>
                  ${t.send}${this.mode === 'correct' && result ? `${t.colon}${t.wins(result.outcome, result.playerPoints, result.bankerPoints)}` : ''}
                </button>`
            : nothing
        }
      </div>
    </div>`;
  }
}
