/**
 * From the page's request to the action the keypad takes and journals: a supervisor's code checked (the action
 * carries who, never the code), a new shoe given its id; then the action journaled, flushed before anything is
 * published, the journal compacted at a new shoe.
 *
 * ```ts
 * const a = await actionOf(request, { at, shoeNo: state.shoeNo, supervisors }); // ok, or the page's answer
 * journalAction(journal, { t, a: a.value }, { tableId: 'T1', seqStart, tableOpen, shoeNo, revision });
 * ```
 * @packageDocumentation
 */
import { err, ok, type Result } from '../baccarat/types';
import type { ActionRecord, JournalHeader, KeypadJournal } from './journal';
import type { Action, ActionRequest, ActionResponse } from './protocol';
import type { Supervisors } from './supervisors';

export type Refused = Extract<ActionResponse, { ok: false }>;

/** The action a request asks for, at `at`: a supervisor's only with a right code; a new shoe with its id. */
export async function actionOf(
  req: ActionRequest,
  o: { readonly at: Date; readonly shoeNo: number; readonly supervisors: Supervisors },
): Promise<Result<Action, Refused>> {
  if ('supervisor' in req) {
    const check = await o.supervisors.check(req.supervisor, req.code);
    // The wrong code that locks says so at once, with how long: the page counts down rather than repeat "wait".
    const retryMs = o.supervisors.lockedMs();
    if (check === 'locked' || retryMs > 0)
      return err({
        ok: false,
        error: `too many wrong codes: try again in ${Math.ceil(retryMs / 1000)} s`,
        code: 'locked',
        retryMs,
      });
    if (check === 'wrong') return err({ ok: false, error: 'wrong supervisor or code', code: 'supervisor' });
    return ok({ ...req.action, by: req.supervisor });
  }
  if (req.action.type === 'new-shoe') {
    const stamp = o.at.toISOString().slice(0, 19).replace(/[-:T]/g, '');
    return ok({ ...req.action, shoeId: `S${stamp}-${(o.shoeNo % 99_999) + 1}` });
  }
  return ok(req.action as Action);
}

/** What the table carries into a new shoe: the header of the journal compacted there. */
export type Carried = Omit<JournalHeader, 'keypad' | 't'>;

/**
 * Journals an action taken (flushed before it returns). A new shoe compacts the journal: what the table carries
 * into the new shoe, then the new shoe's records.
 */
export function journalAction(journal: KeypadJournal, record: ActionRecord, carried: Carried): void {
  if (record.a.type === 'new-shoe') journal.rewrite({ keypad: 1, t: record.t, ...carried }, [record]);
  else journal.append(record);
}
