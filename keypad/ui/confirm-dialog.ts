/**
 * `<keypad-confirm>`: the confirmation before anything that would reach the boards by mistake: what is about to
 * happen, in large type, with Confirm and Back (Back is the larger target: the safe one).
 *
 * @event keypad-confirmed - Confirm was tapped
 * @event keypad-cancelled - Back was tapped
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Confirmation } from './events';
import type { Strings } from './locales';
import { sharedStyles } from './shared.styles';

@customElement('keypad-confirm')
export class KeypadConfirm extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      .scrim {
        position: fixed;
        inset: 0;
        background: rgb(0 0 0 / 0.7);
        display: grid;
        place-items: center;
        z-index: 10;
      }
      .box {
        background: var(--k-panel);
        border: 3px solid var(--k-accent);
        border-radius: 16px;
        padding: 28px;
        width: min(640px, 92vw);
        display: grid;
        gap: 18px;
      }
      .box.danger {
        border-color: var(--k-danger);
      }
      .box.warn {
        border-color: var(--k-warn);
      }
      .warning {
        border: 3px solid var(--k-warn);
        border-radius: 12px;
        padding: 10px 14px;
        color: var(--k-warn);
        background: color-mix(in srgb, var(--k-warn) 18%, transparent);
        font-weight: 800;
        font-size: 1.2em;
      }
      h2 {
        font-size: 1.5em;
      }
      .buttons {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 16px;
      }
    `,
  ];

  @property({ attribute: false }) t!: Strings;
  /** What to confirm; null: closed. */
  @property({ attribute: false }) ask: Confirmation | null = null;

  private send(name: 'keypad-confirmed' | 'keypad-cancelled'): void {
    this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true }));
  }

  override render() {
    const a = this.ask;
    if (!a) return nothing;
    return html`<div class="scrim" role="dialog" aria-modal="true" aria-labelledby="title">
      <div class="box ${a.danger ? 'danger' : a.warn ? 'warn' : ''}">
        <h2 id="title">${a.title}</h2>
        ${a.body ? (a.warn ? html`<p class="warning" role="alert" data-warning>${a.body}</p>` : html`<p>${a.body}</p>`) : nothing}
        <p class="muted">${this.t.sure}</p>
        <div class="buttons">
          <button class="big" data-back @click=${() => this.send('keypad-cancelled')}>${this.t.back}</button>
          <button
            class="big ${a.danger ? 'danger' : 'primary'}"
            data-confirm
            @click=${() => this.send('keypad-confirmed')}
          >
            ${a.label}
          </button>
        </div>
      </div>
    </div>`;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'keypad-confirmed': CustomEvent<void>;
    'keypad-cancelled': CustomEvent<void>;
  }
}
