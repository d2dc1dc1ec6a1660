/**
 * `<keypad-round-screen>`: the round being keyed (or keyed again after an undo): the cards on the layout and the 52
 * cards, or the outcome pad; the cut card, the round void, the undo's cancel. Everything goes up as actions.
 *
 * @event keypad-act - an action, with its confirmation
 * @event keypad-choose - a choice to offer (the cut card's case, the void's reason)
 * @packageDocumentation
 */
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ROUND_VOID_REASONS, type DealerAction, type KeyedResult, type KeypadView, type Slot } from '../protocol';
import { sidesOf, type SidedCards } from './correction-cards';
import { cardLabel } from './format';
import { actEvent, chooseEvent, type Choice, type Confirmation } from './events';
import type { Strings } from './locales';
import { pitClosedWarning } from './pit-closed';
import { carriedOnRound } from './shoe-start';
import { screenStyles } from './screen.styles';
import { sharedStyles } from './shared.styles';
import './card-grid';
import './outcome-pad';
import './round-board';

/** A slot's place in dealing order (rule 8.4): P1 B1 P2 B2, the Player's third, then the Banker's. */
const dealIndex = (hands: SidedCards, at: Slot): number =>
  at.index < 3
    ? (at.index - 1) * 2 + (at.side === 'banker' ? 1 : 0)
    : 4 + (at.side === 'banker' && hands.player.length > 2 ? 1 : 0);

@customElement('keypad-round-screen')
export class KeypadRoundScreen extends LitElement {
  static override styles = [
    sharedStyles,
    screenStyles,
    css`
      .lead {
        display: grid;
        gap: 14px;
      }
      .notes {
        display: grid;
        gap: 8px;
        align-content: center;
      }
      /* Beside the cards: as loud, in less room. */
      .notes .banner {
        font-size: 1em;
        line-height: 1.25;
        padding: 6px 12px;
      }
      /* Landscape: what is said on the right of the cards, which keep their place on the left. */
      @media (orientation: landscape) {
        .lead {
          display: flex;
          flex-direction: row-reverse;
        }
        .notes {
          flex: 1;
          min-width: 0;
        }
        .lead > keypad-round {
          flex: 1 0 auto;
        }
        .notes + keypad-round {
          flex-grow: 0;
        }
      }
    `,
  ];

  /** A card of the round tapped to be replaced where it lies by the next card key tapped (a mis-key). */
  @state() private picked: Slot | null = null;

  @property({ attribute: false }) t!: Strings;
  @property({ attribute: false }) view!: KeypadView;

  override willUpdate(changed: Map<string, unknown>): void {
    // Another round, or its cards changed (the replacement made, a card taken back): the pick goes.
    const before = changed.get('view') as KeypadView | undefined;
    if (changed.has('view') && before && JSON.stringify(before.round) !== JSON.stringify(this.view.round))
      this.picked = null;
  }

  /** A card key: it replaces the card picked, else it is the next card. */
  private key(card: string): void {
    const at = this.picked;
    const hands = sidesOf(this.view.round?.cards ?? []);
    if (at) this.act({ type: 'recard', index: dealIndex(hands, at), card });
    else this.act({ type: 'card', card });
    this.picked = null;
  }

  private act(action: DealerAction, confirm?: Confirmation): void {
    this.dispatchEvent(actEvent({ request: { action }, ...(confirm && { confirm }) }));
  }

  private choose(choice: Choice): void {
    this.dispatchEvent(chooseEvent(choice));
  }

  /** The round being keyed (or keyed again after an undo): by cards or by outcome. */
  private entry(v: KeypadView): TemplateResult {
    const t = this.t;
    const round = v.round!;
    const s = v.shoe!;
    const banner = v.redo
      ? html`<div class="banner" data-redo>${t.redoing(v.redo.handNo)}</div>`
      : round.voidHand
        ? html`<div class="banner" data-void-hand>
            ${t.voidHandNow(round.voidHand === 'no-bet-coup' ? t.noBetCoup : t.announced[round.voidHand])}
          </div>`
        : nothing;
    // The cut card out during this round (rule 11.2 b): said at once, so a dealer interrupted mid-round sees it was
    // recorded; it read only as a greyed Cut card until the round's result, when "Last coup" came.
    const lc = s.lastCoup;
    const last = v.redo
      ? nothing
      : lc?.isLastRound
        ? html`<div class="banner last" data-last-coup>${t.lastCoupNext(lc.lastRound)}</div>`
        : lc && !lc.announced && !s.complete
          ? html`<div class="banner last" data-cut-card-out>${t.cutCardOut(lc.lastRound)}</div>`
          : nothing;
    const side = html`<div class="row">
      ${
        v.keying === 'cards'
          ? html`<button data-take-back ?disabled=${!v.can.uncard} @click=${() => this.act({ type: 'uncard' })}>
              ${t.takeBack}
            </button>`
          : nothing
      }
      ${
        v.redo
          ? html`<button data-cancel-undo @click=${() => this.act({ type: 'cancel-undo' })}>${t.cancelUndo}</button>`
          : html`<button data-cut-card ?disabled=${!v.can['cut-card']} @click=${() => this.cutCard(v)}>
                ${t.cutCard}
              </button>
              <button
                class="danger"
                data-round-void
                ?disabled=${!v.can['round-void']}
                @click=${() => this.roundVoid(v)}
              >
                ${t.roundVoid}
              </button>`
      }
    </div>`;
    // A void hand's result is confirmed as what it is: "Confirm result: Player wins 9 – 6" on a coup with no bets read
    // as a win at the very moment the dealer announces it (found by a dealer).
    const none = round.voidHand ? (round.voidHand === 'no-bet-coup' ? 'no-bet-coup' : 'void-hand') : null;
    const confirmLabel = none ? `${t.confirm} · ${t.noWagers[none]}` : t.confirmResult;
    if (v.keying === 'outcome')
      return html`${pitClosedWarning(t, v)}${carriedOnRound(t, v)}${banner}${last}
        <div class="status keying" data-status="key-result">${t.keyResult(round.handNo)}</div>
        <div class="reach fill">
          <keypad-outcome
            .t=${t}
            .value=${v.redo?.previous.result ?? null}
            label=${confirmLabel}
            ?disabled=${!v.can.result}
            @keypad-keyed=${(e: CustomEvent<KeyedResult>) => this.act({ type: 'result', keyed: e.detail })}
            >${side}</keypad-outcome
          >
        </div>`;
    const r = round.result;
    const hands = sidesOf(round.cards);
    const at = this.picked;
    const pickedCard = at && hands[at.side][at.index - 1];
    // The card picked to be replaced is said in the top banner's place: a line more pushed the card keys off the
    // screen in landscape.
    const said = [
      pitClosedWarning(t, v),
      carriedOnRound(t, v),
      ...(at && pickedCard
        ? [html`<div class="banner" role="status" data-replacing>${t.replacing(at, cardLabel(pickedCard))}</div>`]
        : [banner, last]),
    ].filter((b) => b !== nothing);
    // In landscape what is said goes beside the cards on the layout, in the room their three slots a side leave:
    // above them it pushed the clubs' keys under the hands' strip on a 1024×768 tablet (found by a pit supervisor).
    return html`<div class="lead">
        ${said.length > 0 ? html`<div class="notes">${said}</div>` : nothing}
        <keypad-round
          .t=${t}
          .hands=${hands}
          .next=${at ? null : round.next}
          .picked=${at}
          ?pickable=${v.can.recard}
          @keypad-pick-card=${(e: CustomEvent<Slot>) => {
            e.stopPropagation();
            const p = e.detail;
            this.picked = at?.side === p.side && at.index === p.index ? null : p;
          }}
        ></keypad-round>
      </div>

      <div class="reach">
        <div class="grid2 actions">
          ${side}
          <button
            class="primary big"
            data-confirm-result
            ?disabled=${!v.can.result || !r}
            @click=${() => this.act({ type: 'result' })}
          >
            ${
              r
                ? `${confirmLabel}${t.colon}${(none ? t.noWagersPoints : t.wins)(r.outcome, r.playerPoints, r.bankerPoints)}`
                : round.next
                  ? t.next(round.next)
                  : t.coupComplete
            }
          </button>
        </div>
        <keypad-card-grid
          .t=${t}
          .exhausted=${s.exhausted}
          wayOut
          ?disabled=${at ? !v.can.recard : !v.can.card}
          @keypad-card=${(e: CustomEvent<string>) => this.key(e.detail)}
        ></keypad-card-grid>
      </div>`;
  }

  private cutCard(v: KeypadView): void {
    const t = this.t;
    const n = v.round?.handNo ?? 0;
    const keyed = (v.round?.cards.length ?? 0) > 0;
    this.choose({
      title: `${t.cutCard}${t.colon}${t.round(n)}`,
      options: [
        { label: t.cutCardFirst, action: { type: 'cut-card', firstCardOfRound: true } as const, disabled: keyed },
        { label: t.cutCardLater, action: { type: 'cut-card', firstCardOfRound: false } as const },
      ].map((o) => ({ ...o, confirm: { title: o.label, label: t.confirm } })),
    });
  }

  private roundVoid(v: KeypadView): void {
    const t = this.t;
    this.choose({
      title: `${t.roundVoid} ${t.round(v.round?.handNo ?? 0)}`,
      options: ROUND_VOID_REASONS.map((reason) => ({
        label: t.voidReasons[reason],
        action: { type: 'round-void', reason },
        confirm: {
          title: `${t.round(v.round?.handNo ?? 0)}${t.colon}${t.voidReasons[reason]}`,
          label: t.confirm,
          danger: true,
        },
      })),
    });
  }

  override render() {
    return this.entry(this.view);
  }
}
