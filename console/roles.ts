/**
 * Who may do what in the console, decided on its Node side for every request (the page only hides what a role
 * cannot do). Three roles, least to most:
 *
 * - **viewer**: reads the floor and the audit log;
 * - **floor manager**: also changes a table's signs (limits, variant, side bets, message…) and republishes them,
 *   and checks boards: `identify`, `about` and `screenshot` (they show a board's id or details over it for a
 *   moment, or take its picture; nothing it shows changes);
 * - **supervisor**: also closes and opens tables, restores an earlier revision, changes the casino's sign (the
 *   Perfect Pairs scale is casino-wide: rule 11A.8), and reloads and resyncs boards (`reload` blanks the patrons'
 *   screen for a moment; `resync` with `replace` drops what the board shows for what the broker holds).
 *
 * Pure, shared by the server and the page.
 *
 * ```ts
 * may('floor-manager', 'close-table'); // false
 * permissionOf('change', 'casino');    // 'casino-sign'
 * permissionOfCommand('reload');       // 'reload-boards'
 * ```
 * @packageDocumentation
 */
import type { DisplayCommandName } from '../contract/schemas/command';
import { PIT_ROLES, type PitRole, type SignAction } from '../contract/schemas/audit';

export { PIT_ROLES as ROLES };
export type Role = PitRole;

/** What a role may do. */
export type Permission =
  'read' | 'change-signs' | 'close-table' | 'revert' | 'casino-sign' | 'check-boards' | 'reload-boards';

const GRANTS: { readonly [R in Role]: readonly Permission[] } = {
  viewer: ['read'],
  'floor-manager': ['read', 'change-signs', 'check-boards'],
  supervisor: ['read', 'change-signs', 'close-table', 'revert', 'casino-sign', 'check-boards', 'reload-boards'],
};

/** Whether `role` has `permission`. */
export const may = (role: Role, permission: Permission): boolean => GRANTS[role].includes(permission);

/** The role's name for people: `Floor manager`. */
export const ROLE_NAMES: { readonly [R in Role]: string } = {
  viewer: 'Viewer',
  'floor-manager': 'Floor manager',
  supervisor: 'Supervisor',
};

/** Whether a text is a role, as the accounts file and `--role` spell it. */
export const isRole = (s: string): s is Role => (PIT_ROLES as readonly string[]).includes(s);

/**
 * The permission an action needs: anything on the casino's sign is `casino-sign`; closing and opening a table
 * `close-table`; a revert `revert`; any other change of a table's sign `change-signs`.
 */
export function permissionOf(action: SignAction, target: 'table' | 'casino'): Permission {
  if (target === 'casino') return 'casino-sign';
  if (action === 'close-table' || action === 'open-table') return 'close-table';
  if (action === 'revert') return 'revert';
  return 'change-signs';
}

/**
 * The permission a fleet command needs: `identify`, `about` and `screenshot` only look at a board
 * (`check-boards`); `reload` and `resync` change what it shows (`reload-boards`).
 */
export const permissionOfCommand = (name: DisplayCommandName): Permission =>
  name === 'reload' || name === 'resync' ? 'reload-boards' : 'check-boards';

/** Why a role is refused a permission, in words: `a floor manager cannot close or open a table: ask a supervisor`. */
export function refusal(role: Role, p: Permission): string {
  const what: { readonly [P in Permission]: string } = {
    read: 'read the console',
    'change-signs': 'change signs',
    'close-table': 'close or open a table',
    revert: 'restore an earlier revision',
    'casino-sign': "change the casino's sign",
    'check-boards': 'identify a board, show its details or take its screenshot',
    'reload-boards': 'reload or resync a board',
  };
  const who = role === 'viewer' ? 'a viewer' : role === 'floor-manager' ? 'a floor manager' : 'a supervisor';
  const ask = p === 'change-signs' || p === 'check-boards' ? 'a floor manager or a supervisor' : 'a supervisor';
  return `${who} cannot ${what[p]}: ask ${ask}`;
}
