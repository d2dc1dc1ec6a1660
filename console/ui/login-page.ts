/**
 * `<console-login>`: the sign-in, shown until someone signs in and whenever the session ends. An account name and
 * its password, checked by the console's Node side; a refusal is announced (`role="alert"`) and the password field
 * is cleared and focused. What each role may do is said under the form, so nobody wonders why a button is absent.
 *
 * ```html
 * <console-login .api=${client} @console-signed-in=${(e) => (this.session = e.detail)}></console-login>
 * ```
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { SessionInfo } from '../protocol';
import type { ConsoleClient } from './console-client';
import { sharedStyles } from './shared.styles';

/**
 * The sign-in form.
 * @event console-signed-in - Signed in; detail: who.
 */
@customElement('console-login')
export class ConsoleLogin extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: grid;
        place-items: center;
        min-height: calc(100vh - 56px);
        padding: 24px;
      }
      .card {
        width: min(420px, 100%);
        background: var(--c-panel);
        border: 1px solid var(--c-line);
        border-radius: 10px;
        padding: 24px 28px 20px;
        box-shadow: 0 8px 30px rgb(0 0 0 / 0.06);
      }
      h2 {
        font-size: 1.3em;
        margin-bottom: 0.2em;
      }
      form {
        display: grid;
        gap: 14px;
        margin-top: 18px;
      }
      label {
        display: grid;
        gap: 4px;
        font-weight: 600;
        font-size: 0.92em;
      }
      input {
        font-size: 1.05em;
        padding: 0.5em 0.6em;
      }
      button {
        padding: 0.6em;
        font-size: 1.02em;
      }
      .error {
        margin: 14px 0 0;
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.2em 0.8em;
        margin: 20px 0 0;
        padding-top: 14px;
        border-top: 1px solid var(--c-line);
        font-size: 0.86em;
      }
      dt {
        font-weight: 600;
      }
      dd {
        margin: 0;
        color: var(--c-ink-muted);
      }
    `,
  ];

  @state() private busy = false;
  @state() private error: string | null = null;

  /** The console's API. */
  @property({ attribute: false }) api: ConsoleClient | null = null;
  /** Why the sign-in shows again (the session ended), if it does. */
  @property() reason = '';

  @query('input[name="password"]') private password!: HTMLInputElement;

  override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLInputElement>('input[name="account"]')?.focus();
  }

  private async submit(e: Event): Promise<void> {
    e.preventDefault();
    if (!this.api || this.busy) return;
    const form = new FormData(e.target as HTMLFormElement);
    const account = String(form.get('account') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!account || !password) {
      this.error = 'Give your account name and your password.';
      return;
    }
    this.busy = true;
    const r = await this.api.login(account, password);
    this.busy = false;
    if (!r.ok) {
      this.error = r.message.charAt(0).toUpperCase() + r.message.slice(1) + '.';
      this.password.value = '';
      this.password.focus();
      return;
    }
    this.error = null;
    this.dispatchEvent(
      new CustomEvent<SessionInfo>('console-signed-in', { detail: r.session, bubbles: true, composed: true }),
    );
  }

  override render() {
    return html`<div class="card">
      <h2 id="login-h">Sign in</h2>
      <p class="muted">Every change is made under your own account and kept in the audit log.</p>
      ${this.reason && !this.error ? html`<p class="error" role="status">${this.reason}</p>` : nothing}
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <form @submit=${this.submit} aria-labelledby="login-h" novalidate>
        <label
          >Account
          <input
            name="account"
            autocomplete="username"
            autocapitalize="none"
            spellcheck="false"
            maxlength="32"
            required
        /></label>
        <label
          >Password <input name="password" type="password" autocomplete="current-password" maxlength="256" required
        /></label>
        <button class="primary" type="submit" ?disabled=${this.busy}>${this.busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
      <dl aria-label="What each role may do">
        <dt>Viewer</dt>
        <dd>reads the tables, the boards and the audit log</dd>
        <dt>Floor manager</dt>
        <dd>also changes a table's signs</dd>
        <dt>Supervisor</dt>
        <dd>also closes and opens tables, restores an earlier sign, sets the casino's pay scale</dd>
      </dl>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-login': ConsoleLogin;
  }
  interface GlobalEventHandlersEventMap {
    'console-signed-in': CustomEvent<SessionInfo>;
  }
}
