/**
 * `<keypad-app>`: the dealer's keypad page. It shows the server's view (pushed over the WebSocket) and sends the
 * dealer's taps as actions; the server decides what is allowed (`view.can`) and the page only enables its buttons by
 * it. What would reach the boards by mistake is confirmed first (`<keypad-confirm>`); what needs a supervisor goes
 * through `<keypad-supervisor>`. A keypad refused because another serves the table shows only that, and why.
 * @packageDocumentation
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { ActionRequest, DealerAction, KeypadView } from '../protocol';
import { refusalMessage } from './action-refusal';
import { appStyles } from './keypad-app.styles';
import { KeypadClient, type LiveState } from './keypad-client';
import type { ActEvent, ChooseEvent, Choice, Confirmation } from './events';
import { appHeader } from './app-header';
import { LANGUAGES, defaultLanguage, nextLanguage, strings, type Language, type Strings } from './locales';
import { refusedScreen } from './refused-screen';
import { shoeRounds } from './shoe-rounds';
import { sharedStyles } from './shared.styles';
import { changesUnderFinger, isBounce, screenOf, type KeyTap } from './settle';
import { isNewer } from './view-order';
import './between-screen';
import './confirm-dialog';
import './hand-strip';
import './round-screen';
import './supervisor-panel';

/** A choice's name for tests and the eye: `cut-card:a`, `round-void:foreign-card`, `void-hand:card-out-of-turn`. */
const choiceKey = (a: DealerAction): string =>
  `${a.type}:${'reason' in a ? a.reason : 'firstCardOfRound' in a ? (a.firstCardOfRound ? 'a' : 'b') : ''}`;

/** The language chosen on this tablet, else its browser's (zh-TW, zh-HK, zh-MO: Traditional). */
const storedLanguage = (): Language => {
  const saved = localStorage.getItem('keypad.language');
  if ((LANGUAGES as readonly string[]).includes(saved ?? '')) return saved as Language;
  return defaultLanguage(navigator.language);
};

/**
 * How long after the screen changes a tap is taken for a double tap's second half, and dropped, in ms: Android's
 * double-tap timeout. No one reads a new screen and taps it sooner. Meanwhile the page carries the `settling`
 * attribute (for the tests' dealer, which taps as soon as a button is there).
 */
const SETTLE_MS = 300;

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
  @state() private supervisorLockedUntil = 0; // the page's ms until which supervisor codes are locked
  @state() private now = Date.now();

  private readonly client = new KeypadClient(window.location);
  private pending: ActionRequest | null = null;
  private stop: (() => void) | null = null;
  private tick: ReturnType<typeof setInterval> | null = null;
  private toastTimer: ReturnType<typeof setTimeout> | null = null;
  private skew = 0; // the server's clock minus the page's, in ms
  private settled = 0; // the page's time until which taps are a double tap's second half, in ms (see show())
  private settling: ReturnType<typeof setTimeout> | null = null; // ends the `settling` attribute
  private lastKey: KeyTap | null = null; // the last card key tapped, to drop its bounce (see onAct())

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
    this.addEventListener('keypad-act', (e: ActEvent) => this.onAct(e));
    this.addEventListener('keypad-choose', (e: ChooseEvent) => {
      e.stopPropagation();
      this.choice = e.detail;
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop?.();
    if (this.tick) clearInterval(this.tick);
    if (this.settling) clearTimeout(this.settling);
  }

  /** Drops taps for {@link SETTLE_MS}: the screen has just changed under the dealer's finger. */
  private settle(): void {
    this.settled = Date.now() + SETTLE_MS;
    this.toggleAttribute('settling', true);
    if (this.settling) clearTimeout(this.settling);
    this.settling = setTimeout(() => ((this.settling = null), this.toggleAttribute('settling', false)), SETTLE_MS);
  }

  private show(v: KeypadView): void {
    if (!isNewer(this.view, v)) return; // a reply overtaken by a newer push (its outbox acknowledged meanwhile)
    // Another screen puts other buttons under the dealer's finger: the second tap of a double tap on Confirm
    // result landed on Undo (cards) or Bets open (outcome), and one on Bets open on No more bets, which takes its
    // place. Taps that soon after the screen changed are dropped.
    if (this.view && changesUnderFinger(this.view, v)) this.settle();
    this.view = v;
    this.dataset['revision'] = String(v.revision); // the actions it shows taken: for the tests' dealer
    // The clock ticks only while the undo counts down: the page is otherwise still, as a tablet's battery likes.
    if (v.undo && !this.tick) this.tick = setInterval(() => (this.now = Date.now()), 250);
    else if (!v.undo && this.tick) {
      clearInterval(this.tick);
      this.tick = null;
    }
    this.now = Date.now();
    this.skew = Date.parse(v.now) - Date.now();
  }

  private onAct(e: ActEvent): void {
    e.stopPropagation();
    if (Date.now() < this.settled) return;
    const { request, confirm } = e.detail;
    // A card key (the next card, or a card's replacement) tapped again within 200 ms is the finger's bounce: it keyed
    // the card twice. Another key, or the same one later (the next card read), is taken.
    const { action } = request;
    if (action.type === 'card' || action.type === 'recard') {
      const tap = { card: action.card, at: Date.now() };
      if (isBounce(this.lastKey, tap)) return;
      this.lastKey = tap;
    } else this.lastKey = null; // another button between the two taps: not a bounce
    if (confirm) {
      this.pending = request;
      this.ask = confirm;
    } else void this.send(request);
  }

  private act(action: DealerAction, confirm?: Confirmation): void {
    if (Date.now() < this.settled) return;
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
    const message = refusalMessage(this.t, r, request);
    if (r.code === 'locked' && r.retryMs) this.supervisorLockedUntil = Date.now() + r.retryMs;
    if ('supervisor' in request) this.supervisorError = message;
    else this.say(message);
    return false;
  }

  /**
   * Until when supervisors' codes are locked, in the page's ms: as the refusal said, or as the view says (a page
   * reloaded during the lock-out knows it from the server only).
   */
  private lockedUntil(v: KeypadView): number {
    const fromView = v.supervisorLock ? Date.parse(v.supervisorLock.until) - this.skew : 0;
    return Math.max(this.supervisorLockedUntil, fromView);
  }

  private say(message: string): void {
    this.toast = message;
    if (this.toastTimer) clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => (this.toast = null), 5_000);
  }

  /** One tap, the next language (English, 简体, 繁體, English…): the choice is made once per tablet, and kept. */
  private setLanguage(): void {
    this.language = nextLanguage(this.language);
    localStorage.setItem('keypad.language', this.language);
    document.documentElement.lang = this.language;
  }

  // ——— Screens ———

  private async recheck(): Promise<void> {
    const next = await this.client.recheck();
    if (next) this.show(next);
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
    // A page whose address the keypad refuses (401) says so, and what to do: not "Connecting…" for ever.
    const refusedToken = this.live === 'unauthorized';
    if (!v)
      return refusedToken
        ? html`<main><div class="status" role="alert" data-unauthorized>${t.unauthorized}</div></main>`
        : html`<main><div class="status">${t.starting}</div></main>`;
    const body =
      v.link.state === 'refused'
        ? refusedScreen(t, v, () => void this.recheck())
        : v.link.state === 'starting'
          ? html`<div class="status">${t.starting}</div>
              ${v.link.error ? html`<div class="muted" data-link-error>${t.brokerUnreachable(v.link.error)}</div>` : nothing}`
          : v.round
            ? html`<keypad-round-screen .t=${t} .view=${v}></keypad-round-screen>`
            : html`<keypad-between .t=${t} .view=${v} .now=${this.now + this.skew}></keypad-between>`;
    // While the page cannot reach the keypad, what it shows is the last view received: nothing on it takes a tap
    // (a card tapped then was refused behind the status, and never reached the layout), and it is dimmed, as off.
    const away = this.live !== 'open';
    const header = appHeader({
      t,
      view: v,
      live: this.live,
      language: this.language,
      onLanguage: () => this.setLanguage(),
      onSupervisor: () => (this.supervisor = true),
    });
    return html`${header}
      <main data-screen=${screenOf(v)} ?inert=${away}>${body}</main>
      <footer ?inert=${away}><keypad-hands .t=${t} .rounds=${v.shoe ? shoeRounds(v.shoe) : []}></keypad-hands></footer>
      ${this.choiceBox()}
      <keypad-confirm
        .t=${t}
        .ask=${this.ask}
        @keypad-confirmed=${() => {
          const p = this.pending;
          this.ask = null;
          this.pending = null;
          if (p) void this.send(p);
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
              .cutCardRound=${v.can['withdraw-cut-card'] ? (v.shoe.lastCoup?.drawnInRound ?? null) : null}
              keying=${v.keying}
              error=${this.supervisorError}
              lockedUntil=${this.lockedUntil(v)}
              @keypad-cancelled=${(e: Event) => {
                e.stopPropagation();
                this.supervisor = false;
                this.supervisorError = '';
              }}
            ></keypad-supervisor>`
          : nothing
      }
      ${
        // On the round screen, over the round rather than the card keys: the dealer's next tap is another key (found
        // by a dealer: a refused card's reason hid seven keys for 5 s). Down at the foot while the link's status is up top.
        this.toast
          ? html`<div class="toast ${v.round && !away ? 'over-round' : ''}" role="alert">${this.toast}</div>`
          : nothing
      }
      ${
        refusedToken
          ? html`<div class="toast live" role="alert" data-unauthorized>${t.unauthorized}</div>`
          : away
            ? html`<div class="toast live" role="status">${t.reconnecting}</div>`
            : nothing
      }`;
  }
}
