/**
 * The pit's sign and the keypad at odds: the pit closed the table (its sign says closed, so every board shows TABLE
 * CLOSED) while the keypad still has it open. Shown on every screen of the keypad, above what the dealer does, and
 * in the header's open or closed.
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { KeypadView } from '../protocol';
import type { Strings } from './locales';

/** Whether the pit's sign says closed while the keypad has the table open. */
export const pitClosedHere = (v: KeypadView): boolean => v.tableOpen && v.pit?.open === false;

/**
 * The header's open or closed. Open here and closed by the pit is neither a plain "Open" (it stood beside the
 * warning, contradicting it) nor "Closed" (the keypad's table is open, "Close table" is offered): it says both, amber.
 */
export type TableChip = 'open' | 'open-pit-closed' | 'closed';

export const tableChip = (v: KeypadView): TableChip =>
  !v.tableOpen ? 'closed' : pitClosedHere(v) ? 'open-pit-closed' : 'open';

/** The chip's words. */
export const tableChipText = (t: Strings, chip: TableChip): string =>
  chip === 'open' ? t.tableOpen : chip === 'closed' ? t.tableClosed : t.tableOpenPitClosed;

/** The warning, while {@link pitClosedHere}. */
export function pitClosedWarning(t: Strings, v: KeypadView): TemplateResult | typeof nothing {
  return pitClosedHere(v)
    ? html`<div class="banner" role="alert" data-pit-closed=${v.pit?.revision ?? ''}>${t.pitClosed}</div>`
    : nothing;
}
