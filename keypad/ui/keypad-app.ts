/**
 * `<keypad-app>`: the dealer's keypad page. It shows the server's view (pushed over the WebSocket) and sends the
 * dealer's taps as actions; the server decides what is allowed (`view.can`) and the page only enables its buttons by
 * it. What would reach the boards by mistake is confirmed first (`<keypad-confirm>`); what needs a supervisor goes
 * through `<keypad-supervisor>`. A keypad refused because another serves the table shows only that, and why.
 * @packageDocumentation
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import { parseCard } from '../../baccarat/cards';
import { burnCount } from '../../baccarat/shoe-lifecycle';
import {
  ANNOUNCED_REASONS,
  ROUND_VOID_REASONS,
  type ActionRequest,
  type DealerAction,
  type KeyedResult,
  type KeypadView,
} from '../protocol';
import { appStyles } from './keypad-app.styles';
import { KeypadClient, type LiveState } from './keypad-client';
import type { ActEvent, Confirmation } from './events';
import { cardLabel, clockTime, isRed } from './format';
import { LANGUAGES, strings, type Language, type Strings } from './locales';
import type { KeypadOutcome } from './outcome-pad';
import { sharedStyles } from './shared.styles';
import './card-grid';
import './confirm-dialog';
import './hand-strip';
import './outcome-pad';
import './round-board';
import './supervisor-panel';

/** A choice among a few actions (a reason, a case of the cut card), each with its confirmation. */
interface Choice {
  readonly title: string;
  readonly options: readonly {
    readonly label: string;
    readonly action: DealerAction;
    readonly disabled?: boolean;
    readonly confirm?: Confirmation;
  }[];
}

/** A choice's name for tests and the eye: `cut-card:a`, `round-void:foreign-card`, `void-hand:card-out-of-turn`. */
const choiceKey = (a: DealerAction): string =>
  `${a.type}:${'reason' in a ? a.reason : 'firstCardOfRound' in a ? (a.firstCardOfRound ? 'a' : 'b') : ''}`;

const storedLanguage = (): Language => {
  const saved = localStorage.getItem('keypad.language');
  if ((LANGUAGES as readonly string[]).includes(saved ?? '')) return saved as Language;
  return navigator.language.startsWith('zh') ? 'zh-Hans' : 'en';
};

@customElement('keypad-app')
export class KeypadApp extends LitElement {
  static override styles = [sharedStyles, appStyles];

  @state() private view: KeypadView | null = null;
  @state() private live: LiveState = 'connecting';
  @state() private language: Language = storedLanguage();
  @state() private ask: Confirmation | null = null;
  @state() private choice: Choice | null = null;
  @state() private toast: string | null = null;
  @state() private supervisor = false;
  @state() private supervisorError = '';
  @state() private burnCard: string | null = null;
  @state() private burnPicking = false;
  @state() private burnCountValue = 0;
  @state() private decks = 8;
  @state() private now = Date.now();

  @query('keypad-outcome') private outcomePad?: KeypadOutcome;

  private readonly client = new KeypadClient(window.location);
  private pending: ActionRequest | null = null;
  private stop: (() => void) | null = null;
  private tick: ReturnType<typeof setInterval> | null = null;
  private toastTimer: ReturnType<typeof setTimeout> | null = null;
  private skew = 0; // the server's clock minus the page's, in ms

  private get t(): Strings {
    return strings(this.language);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.documentElement.lang = this.language;
    this.stop = this.client.live(
      (v) => this.show(v),
      (s) => (this.live = s),
    );
    this.tick = setInterval(() => (this.now = Date.now()), 250);
    this.addEventListener('keypad-act', (e: ActEvent) => this.onAct(e));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop?.();
    if (this.tick) clearInterval(this.tick);
  }

  private show(v: KeypadView): void {
    if (this.view && v.revision < this.view.revision) return; // a reply overtaken by a newer push
    this.view = v;
    this.skew = Date.parse(v.now) - Date.now();
  }

  private onAct(e: ActEvent): void {
    e.stopPropagation();
    const { request, confirm } = e.detail;
    if (confirm) {
      this.pending = request;
      this.ask = confirm;
    } else void this.send(request);
  }

  private act(action: DealerAction, confirm?: Confirmation): void {
    if (confirm) {
      this.pending = { action };
      this.ask = confirm;
    } else void this.send({ action });
  }

  private async send(request: ActionRequest): Promise<boolean> {
    const r = await this.client.act(request);
    if (r.ok) {
      this.show(r.view);
      if ('supervisor' in request) {
        this.supervisor = false;
        this.supervisorError = '';
      }
      return true;
    }
    const message = r.code === 'supervisor' ? this.t.wrongCode : r.code === 'locked' ? this.t.locked : r.error;
    if ('supervisor' in request) this.supervisorError = message;
    else this.say(message);
    return false;
  }

  private say(message: string): void {
    this.toast = message;
    if (this.toastTimer) clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => (this.toast = null), 5_000);
  }

  private setLanguage(): void {
    this.language = this.language === 'en' ? 'zh-Hans' : 'en';
    localStorage.setItem('keypad.language', this.language);
    document.documentElement.lang = this.language;
  }

  // ——— Screens ———

  private header(v: KeypadView): TemplateResult {
    const t = this.t;
    const s = v.shoe;
    const link = v.link;
    const linkChip =
      link.state === 'online'
        ? html`<span class="chip ok" data-link="online">${t.online}${link.signing ? ` · ${t.signing}` : ''}</span>`
        : html`<span class="chip off" data-link=${link.state}
            >${link.state === 'offline' ? t.offline : link.state === 'refused' ? t.error : t.starting}</span
          >`;
    return html`<header>
      <span class="title">${t.table(v.tableId)}</span>
      <span class="chip ${v.tableOpen ? 'ok' : 'off'}" data-table-open=${v.tableOpen}
        >${v.tableOpen ? t.tableOpen : t.tableClosed}</span
      >
      <span class="shoe">${s ? t.shoe(s.no, s.decks) : t.noShoe}</span>
      ${s && s.phase !== 'ended' ? html`<span class="status" data-hand-no=${s.nextHandNo}>${t.hand(s.nextHandNo)}</span>` : nothing}
      ${s?.lastCoup?.isLastRound ? html`<span class="chip last" data-last-coup>${t.lastCoup}</span>` : nothing}
      <span class="spacer"></span>
      ${link.pending > 0 ? html`<span class="chip off">${t.pending(link.pending)}</span>` : nothing} ${linkChip}
      <button data-language @click=${() => this.setLanguage()}>${t.otherLanguage}</button>
      <button
        data-supervisor
        ?disabled=${!v.can.correct && !v.can['void-recorded']}
        @click=${() => (this.supervisor = true)}
      >
        ${t.supervisor}
      </button>
    </header>`;
  }

  private refused(v: KeypadView): TemplateResult {
    const t = this.t;
    const r = v.link.refusal;
    return html`<div class="refused" role="alert" data-refused=${r?.why ?? ''}>
      <h2>${t.refusedTitle}</h2>
      <p>
        ${r?.why === 'taken-over' ? t.refusedTakenOver(r.controllerId, v.tableId) : t.refusedAnother(r?.controllerId ?? '', v.tableId)}
      </p>
      ${r ? html`<p>${t.refusedSince(clockTime(r.since))}</p>` : nothing}
      <p class="muted">${t.refusedWhat}</p>
      <button
        class="big"
        data-check-again
        @click=${async () => {
          const next = await this.client.recheck();
          if (next) this.show(next);
        }}
      >
        ${t.checkAgain}
      </button>
    </div>`;
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
    const last =
      s.lastCoup?.isLastRound && !v.redo
        ? html`<div class="banner last">${t.lastCoupNext(s.lastCoup.lastRound)}</div>`
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
    if (v.keying === 'outcome')
      return html`${banner}${last}
        <div class="reach">
          <keypad-outcome
            .t=${t}
            .value=${v.redo?.previous.result ?? null}
            label=${t.confirmResult}
            ?disabled=${!v.can.result}
            @keypad-keyed=${async (e: CustomEvent<KeyedResult>) => {
              if (await this.send({ action: { type: 'result', keyed: e.detail } })) this.outcomePad?.reset();
            }}
          ></keypad-outcome>
          ${side}
        </div>`;
    const r = round.result;
    return html`${banner}${last}
      <keypad-round .t=${t} .cards=${round.cards} .next=${round.next}></keypad-round>
      <div class="reach">
        <div class="grid2 actions">
          ${side}
          <button
            class="primary big"
            data-confirm-result
            ?disabled=${!v.can.result || !r}
            @click=${() => this.act({ type: 'result' })}
          >
            ${r ? `${t.confirmResult}: ${t.wins(r.outcome, r.playerPoints, r.bankerPoints)}` : round.next ? t.next(round.next) : t.coupComplete}
          </button>
        </div>
        <keypad-card-grid
          .exhausted=${s.exhausted}
          ?disabled=${!v.can.card}
          @keypad-card=${(e: CustomEvent<string>) => this.act({ type: 'card', card: e.detail })}
        ></keypad-card-grid>
      </div>`;
  }

  private cutCard(v: KeypadView): void {
    const t = this.t;
    const n = v.round?.handNo ?? 0;
    const keyed = (v.round?.cards.length ?? 0) > 0;
    this.choice = {
      title: `${t.cutCard}: ${t.round(n)}`,
      options: [
        { label: t.cutCardFirst, action: { type: 'cut-card', firstCardOfRound: true } as const, disabled: keyed },
        { label: t.cutCardLater, action: { type: 'cut-card', firstCardOfRound: false } as const },
      ].map((o) => ({ ...o, confirm: { title: o.label, label: t.confirm } })),
    };
  }

  private roundVoid(v: KeypadView): void {
    const t = this.t;
    this.choice = {
      title: `${t.roundVoid} ${t.round(v.round?.handNo ?? 0)}`,
      options: ROUND_VOID_REASONS.map((reason) => ({
        label: t.voidReasons[reason],
        action: { type: 'round-void', reason },
        confirm: {
          title: `${t.round(v.round?.handNo ?? 0)}: ${t.voidReasons[reason]}`,
          label: t.confirm,
          danger: true,
        },
      })),
    };
  }

  private voidHand(): void {
    const t = this.t;
    this.choice = {
      title: t.voidHand,
      options: ANNOUNCED_REASONS.map((reason) => ({
        label: t.announced[reason],
        action: { type: 'void-hand', reason },
        confirm: { title: t.voidHandNow(t.announced[reason]), label: t.confirm },
      })),
    };
  }

  private burn(v: KeypadView): TemplateResult {
    const t = this.t;
    const card = this.burnCard;
    if (!card)
      return html`<div class="burn reach">
        <div class="status">${t.burnPick}</div>
        <keypad-card-grid
          .exhausted=${v.shoe?.exhausted ?? []}
          @keypad-card=${(e: CustomEvent<string>) => {
            const c = parseCard(e.detail);
            this.burnCard = e.detail;
            this.burnCountValue = c.ok ? burnCount(c.value) : 1;
          }}
        ></keypad-card-grid>
        <button @click=${() => (this.burnPicking = false)}>${t.back}</button>
      </div>`;
    const parsed = parseCard(card);
    const rule = parsed.ok ? burnCount(parsed.value) : 1;
    const n = this.burnCountValue;
    return html`<div class="burn reach">
      <div class="card-face ${isRed(card) ? 'red' : ''}" data-burn-card=${card}>${cardLabel(card)}</div>
      <div class="status">${t.burnCount(cardLabel(card), n)}</div>
      <div class="muted">${t.burnRule(rule)}</div>
      <div class="stepper">
        <button data-burn-less ?disabled=${n <= 1} @click=${() => (this.burnCountValue = n - 1)}>−</button>
        <span data-burn-count>${n}</span>
        <button data-burn-more ?disabled=${n >= 10} @click=${() => (this.burnCountValue = n + 1)}>+</button>
      </div>
      <div class="grid2">
        <button class="big" @click=${() => (this.burnCard = null)}>${t.back}</button>
        <button
          class="primary big"
          data-confirm-burn
          @click=${() => {
            this.act(
              { type: 'burn', card, count: n },
              { title: t.burnConfirm(cardLabel(card), n), body: n === rule ? '' : t.burnRule(rule), label: t.confirm },
            );
          }}
        >
          ${t.burnConfirm(cardLabel(card), n)}
        </button>
      </div>
    </div>`;
  }

  /** Between rounds, and the shoe's life: the one thing to do next, large, and the rest below. */
  private between(v: KeypadView): TemplateResult {
    const t = this.t;
    const s = v.shoe;
    if (this.burnPicking && v.can.burn) return this.burn(v);
    const undoLeft = v.undo ? Math.ceil((Date.parse(v.undo.until) - (this.now + this.skew)) / 1000) : 0;
    const undo =
      v.undo && undoLeft > 0 && v.can.undo
        ? html`<button class="big undo" data-undo @click=${() => this.act({ type: 'undo' })}>
            ${t.undo(v.undo.handNo, undoLeft)}
          </button>`
        : nothing;
    const noBetCoups = s?.noBetCoups ?? 0;
    const status = !s
      ? t.noShoe
      : s.phase === 'ended'
        ? t.ended(s.no, s.hands.length)
        : s.complete
          ? t.complete
          : s.phase === 'betting'
            ? t.betting
            : s.phase === 'shuffling' && s.hands.length === 0
              ? t.shuffling
              : t.waiting;
    const newShoe = html`<div class="grid2">
      <div class="row decks" role="group" aria-label=${t.decks}>
        ${[4, 5, 6, 7, 8].map((d) => html`<button data-decks=${d} aria-pressed=${this.decks === d} @click=${() => (this.decks = d)}>${d}</button>`)}
      </div>
      <button
        class="primary big"
        data-new-shoe
        ?disabled=${!v.can['new-shoe']}
        @click=${() => this.act({ type: 'new-shoe', decks: this.decks }, { title: t.startShoe(this.decks), label: t.confirm })}
      >
        ${t.startShoe(this.decks)}
      </button>
    </div>`;
    const primary =
      !s || s.phase === 'ended'
        ? newShoe
        : v.can['no-more-bets'] && s.phase === 'betting'
          ? html`<button class="primary big" data-no-more-bets @click=${() => this.act({ type: 'no-more-bets' })}>
              ${t.noMoreBets}
            </button>`
          : s.complete
            ? html`<button
                class="primary big"
                data-end-shoe
                ?disabled=${!v.can['end-shoe']}
                @click=${() => this.act({ type: 'end-shoe' }, { title: t.endShoeDone(s.hands.length), label: t.endShoe })}
              >
                ${t.endShoeDone(s.hands.length)}
              </button>`
            : html`<button
                class="primary big"
                data-bets-open
                ?disabled=${!v.can['bets-open']}
                @click=${() => this.act({ type: 'bets-open' })}
              >
                ${t.betsOpen}
              </button>`;
    const shoeStart =
      s && (v.can.shuffle || v.can.burn)
        ? html`<div class="grid2">
            <button data-shuffle ?disabled=${!v.can.shuffle} @click=${() => this.act({ type: 'shuffle' })}>
              ${s.shuffled ? t.shuffled : t.shuffle}
            </button>
            <button
              data-burn
              ?disabled=${!v.can.burn}
              @click=${() => ((this.burnPicking = true), (this.burnCard = null))}
            >
              ${t.burn}
            </button>
          </div>`
        : nothing;
    const secondary =
      s && s.phase !== 'ended'
        ? html`<div class="grid3">
            <button
              data-no-bet-coup
              ?disabled=${!v.can['no-bet-coup']}
              @click=${() =>
                this.act(
                  { type: 'no-bet-coup' },
                  noBetCoups >= 3 ? { title: t.noBetCoupMore(noBetCoups + 1), label: t.confirm } : undefined,
                )}
            >
              ${t.noBetCoup}${noBetCoups > 0 ? ` (${noBetCoups})` : ''}
            </button>
            <button data-void-hand ?disabled=${!v.can['void-hand']} @click=${() => this.voidHand()}>
              ${t.voidHand}
            </button>
            <button
              class="danger"
              data-end-shoe-early
              ?disabled=${!v.can['end-shoe'] || s.complete}
              @click=${() => this.act({ type: 'end-shoe' }, { title: t.endShoe, body: t.endShoeEarly, label: t.endShoe, danger: true })}
            >
              ${t.endShoe}
            </button>
          </div>`
        : nothing;
    const table = v.tableOpen
      ? html`<button
          data-close-table
          ?disabled=${!v.can['close-table']}
          @click=${() => this.act({ type: 'close-table' }, { title: t.closeTable, label: t.closeTable })}
        >
          ${t.closeTable}
        </button>`
      : html`<button
          class=${s ? 'primary big' : ''}
          data-open-table
          ?disabled=${!v.can['open-table']}
          @click=${() => this.act({ type: 'open-table' })}
        >
          ${t.openTable}
        </button>`;
    return html`<div class="status" data-status>${status}</div>
      ${this.lastResult(v)}
      ${s?.burn ? html`<div class="muted">${t.burned(cardLabel(s.burn.card), s.burn.count)}${noBetCoups ? ` · ${t.noBetCoups(noBetCoups)}` : ''}</div>` : nothing}
      ${s?.lastCoup?.isLastRound ? html`<div class="banner last">${t.lastCoupNext(s.lastCoup.lastRound)}</div>` : nothing}
      <div class="reach">${undo} ${primary} ${shoeStart} ${secondary} ${table}</div>`;
  }

  /** The last hand the boards have, large: what the dealer just published, to check at a glance. */
  private lastResult(v: KeypadView): TemplateResult | typeof nothing {
    const t = this.t;
    const h = v.shoe?.hands.at(-1);
    if (!h) return nothing;
    const r = h.result;
    const marks = [
      r.playerPair ? t.playerPair : '',
      r.bankerPair ? t.bankerPair : '',
      r.natural ? t.natural : '',
      h.voidHand === 'no-bet-coup' ? t.noBetCoupMark : h.voidHand ? t.voidedMark : '',
      h.corrected ? t.correctedMark(h.corrected.by) : '',
    ].filter(Boolean);
    return html`<div class="last-result ${r.outcome}" data-last-result=${h.no}>
      <div class="muted">${t.lastResult(h.no)}</div>
      <div class="last-wins">${t.wins(r.outcome, r.playerPoints, r.bankerPoints)}</div>
      ${marks.length ? html`<div>${marks.join(' · ')}</div>` : nothing}
      ${
        h.cards
          ? html`<div class="last-cards">
              ${(['player', 'banker'] as const).map(
                (side) =>
                  html`<span
                    >${t.outcome[side]}:
                    ${h.cards![side].map((c) => html`<b class=${isRed(c) ? 'red' : ''}>${cardLabel(c)}</b> `)}</span
                  >`,
              )}
            </div>`
          : nothing
      }
    </div>`;
  }

  private choiceBox(): TemplateResult | typeof nothing {
    const c = this.choice;
    if (!c) return nothing;
    return html`<div class="choice" role="dialog" aria-modal="true">
      <div class="box">
        <h2>${c.title}</h2>
        ${c.options.map(
          (o) =>
            html`<button
              ?disabled=${o.disabled}
              data-choice=${choiceKey(o.action)}
              @click=${() => {
                this.choice = null;
                this.act(o.action, o.confirm);
              }}
            >
              ${o.label}
            </button>`,
        )}
        <button @click=${() => (this.choice = null)}>${this.t.back}</button>
      </div>
    </div>`;
  }

  override render() {
    const v = this.view;
    const t = this.t;
    if (!v) return html`<main><div class="status">${t.starting}</div></main>`;
    const body =
      v.link.state === 'refused'
        ? this.refused(v)
        : v.link.state === 'starting'
          ? html`<div class="status">${t.starting}</div>
              ${v.link.error ? html`<div class="muted">${v.link.error}</div>` : nothing}`
          : v.round
            ? this.entry(v)
            : this.between(v);
    return html`${this.header(v)}
      <main data-screen=${v.link.state === 'refused' ? 'refused' : v.round ? 'round' : 'between'}>${body}</main>
      <footer><keypad-hands .t=${t} .hands=${v.shoe?.hands ?? []}></keypad-hands></footer>
      ${this.choiceBox()}
      <keypad-confirm
        .t=${t}
        .ask=${this.ask}
        @keypad-confirmed=${() => {
          const p = this.pending;
          this.ask = null;
          this.pending = null;
          if (p) void this.send(p).then((ok) => ok && p.action.type === 'burn' && (this.burnPicking = false));
        }}
        @keypad-cancelled=${() => {
          this.ask = null;
          this.pending = null;
        }}
      ></keypad-confirm>
      ${
        this.supervisor && v.shoe
          ? html`<keypad-supervisor
              .t=${t}
              .hands=${v.shoe.hands}
              .exhausted=${v.shoe.exhausted}
              keying=${v.keying}
              error=${this.supervisorError}
              @keypad-cancelled=${(e: Event) => {
                e.stopPropagation();
                this.supervisor = false;
                this.supervisorError = '';
              }}
            ></keypad-supervisor>`
          : nothing
      }
      ${this.toast ? html`<div class="toast" role="alert">${this.toast}</div>` : nothing}
      ${this.live !== 'open' ? html`<div class="toast" role="status">${t.starting}</div>` : nothing}`;
  }
}
