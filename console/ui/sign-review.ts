/**
 * The sign editor's review step: each sign the change publishes, its revisions, and field by field what changes
 * ("variant commission 5% → modified odds from hand 31 of shoe S1"); when a board shows a revision above the
 * broker's sign, why the revision jumps, and for a sign published again as it is, what it says (the boards show
 * something else). A change of what rounds pay made while they are dealt is pointed out (it applies to them at once),
 * and a new Perfect Pairs scale says which tables it reaches. A template function: the editor owns the state.
 *
 * ```ts
 * html`${reviewStep(preview, { tableName: 'Jade 8', user })}`;
 * ```
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import { describeRevisions, type Revisions } from '../audit-record';
import type { PreviewResponse } from '../protocol';
import { describeShoe } from '../sign-text';

/** What the review is of: the table's name (or id; null: the casino's sign), who makes the change. */
export interface ReviewContext {
  readonly tableName: string | null;
  readonly user: string;
}

/** Why the revision jumps, when a board shows one above the broker's sign (issue 12, case 9). */
function why(r: Revisions, unchanged: boolean, restored?: number) {
  if (r.boards === undefined) return nothing;
  const text =
    restored !== undefined
      ? `The broker has lost the sign its boards show: revision ${restored}, from the console's audit log, goes out again as revision ${r.to}${unchanged ? ' as it is' : ' with the changes below, and nothing else'}.`
      : r.from === null
        ? `The broker has no sign here, but a board shows revision ${r.boards}: this sign replaces it on every board. Check every field.`
        : unchanged
          ? `A board shows revision ${r.boards}, newer than the broker's revision ${r.from}: publishing it again as revision ${r.to} puts it back on every board.`
          : `A board shows revision ${r.boards}, newer than the broker's revision ${r.from}: the broker has lost the sign the boards show. This sign is made from the broker's revision ${r.from} and your changes, goes out as revision ${r.to} so that every board takes it, and replaces theirs in full: limits, side bets or message they show now may change. Check every field.`;
  return html`<p class="why" data-why="revision">${text}</p>`;
}

/** The review of a previewed change. */
export function reviewStep(
  p: Extract<PreviewResponse, { ok: true }> | null,
  { tableName, user }: ReviewContext,
): TemplateResult | typeof nothing {
  if (!p) return nothing;
  // A sign published again as it is: say what it says (p.*.says, the sign as it goes out: where the broker lost it,
  // the page has none of its own to describe), since the boards showed something else.
  const groups = [
    ...(p.casino ? [{ title: 'Casino sign', ...p.casino }] : []),
    ...(p.table ? [{ title: tableName ?? '', ...p.table }] : []),
  ];
  return html`
    <p>Please check the change before it goes to the boards:</p>
    ${groups.map(
      (g) =>
        html`<section class="diff" aria-label="Changes to ${g.title}">
          <h3>
            ${g.title}
            <span class="muted">· ${describeRevisions(g.revision)}</span>
          </h3>
          ${why(g.revision, g.changes.length === 0, g.restored)}
          <ul>
            ${
              g.changes.length === 0
                ? html`<li data-field="republish">published again as it is: ${g.says.join(' · ')}</li>`
                : g.changes.map((c) => html`<li data-field=${c.field}>${c.text}</li>`)
            }
          </ul>
        </section>`,
    )}
    ${p.reach ? html`<p data-reach>${p.reach}</p>` : nothing}
    ${p.messageFit ? html`<p class="pays-now" data-warn="message-fit">${p.messageFit[0]?.toUpperCase()}${p.messageFit.slice(1)}</p>` : nothing}
    ${p.paysNow.map((w) => html`<p class="pays-now" data-warn="pays-now">${w[0]?.toUpperCase()}${w.slice(1)}</p>`)}
    ${p.shoe ? html`<p class="muted">Now: ${describeShoe(p.shoe)}.</p>` : nothing}
    <p class="muted">Made by <strong>${user}</strong>; kept in the audit log.</p>
  `;
}
