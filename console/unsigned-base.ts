/**
 * A signed change must not sign what the pit never signed. Where a table's retained sign carries no signature and
 * the table's boards show an earlier revision (they refused it, as boards requiring the pit's signature do, or have
 * not taken it yet), a change made from it and signed would carry whatever that revision says under the pit's
 * signature, and neither the change's diff nor its audit record would name it (found by casino IT: `min=300`
 * published without a key, refused by the boards, then shown by them once a signed `max=30,000` followed). Pure.
 *
 * ```ts
 * const u = unsignedBase(current.table, boardRevisions(boards, 'T4').table, key !== null); // { revision: 2, boardsShow: 1 }
 * if (u) refuse(unsignedBaseText('T4', u, 'Add --replace to sign it as it stands, …'));
 * ```
 * @packageDocumentation
 */

/** The unsigned revision a signed change would be made from, and the revision the table's boards show (0: none). */
export interface UnsignedBase {
  readonly revision: number;
  readonly boardsShow: number;
}

/**
 * Whether a change signed (`signing`) and made from `before` would sign an unsigned revision the boards have not
 * taken; null when it would not: unsigned changes, a signed or absent sign, no board reporting (nothing says they
 * refused it), or boards that show it already (they took it: they do not require signatures). `boardsShow` 0: boards
 * online that show no sign (they refused every one so far: a new table's first sign, published unsigned).
 */
export function unsignedBase(
  before: { readonly revision: number; readonly sig?: unknown } | null,
  boardsShow: number | null,
  signing: boolean,
): UnsignedBase | null {
  if (!signing || !before || before.sig !== undefined || boardsShow === null || boardsShow >= before.revision)
    return null;
  return { revision: before.revision, boardsShow };
}

/** Why such a change is refused, for `what` (`table T4`), and `wayOut` in the caller's words. */
export function unsignedBaseText(what: string, u: UnsignedBase, wayOut: string): string {
  const shown = u.boardsShow === 0 ? 'no sign' : `revision ${u.boardsShow}`;
  return (
    `${what}: the sign on the broker (revision ${u.revision}) is not signed, and the table's boards show ${shown}: ` +
    `they refused it (boards that require the pit's signature do) or have not taken it yet. A ` +
    `change made from it and signed would sign whatever revision ${u.revision} says as well, which this change does ` +
    `not name. ${wayOut}`
  );
}
