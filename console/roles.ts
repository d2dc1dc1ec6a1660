/**
 * Who may do what in the console, decided on its Node side for every request (the page only hides what a role
 * cannot do). Three roles, least to most:
 *
 * - **viewer**: reads the floor and the audit log;
 * - **floor manager**: also changes a table's signs (limits, variant, side bets, message…) and republishes them;
 * - **supervisor**: also closes and opens tables, restores an earlier revision, and changes the casino's sign
 *   (the Perfect Pairs scale is casino-wide: rule 11A.8).
 *
 * Pure, shared by the server and the page.
 *
 * ```ts
 * may('floor-manager', 'close-table'); // false
 * permissionOf('change', 'casino');    // 'casino-sign'
 * ```
 * @packageDocumentation
 */
import { PIT_ROLES, type AuditAction, type PitRole } from '../contract/schemas/audit';

export { PIT_ROLES as ROLES };
export type Role = PitRole;

/** What a role may do. */
export type Permission = 'read' | 'change-signs' | 'close-table' | 'revert' | 'casino-sign';

const GRANTS: { readonly [R in Role]: readonly Permission[] } = {
  viewer: ['read'],
  'floor-manager': ['read', 'change-signs'],
  supervisor: ['read', 'change-signs', 'close-table', 'revert', 'casino-sign'],
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
export function permissionOf(action: AuditAction, target: 'table' | 'casino'): Permission {
  if (target === 'casino') return 'casino-sign';
  if (action === 'close-table' || action === 'open-table') return 'close-table';
  if (action === 'revert') return 'revert';
  return 'change-signs';
}

/** Why a role is refused a permission, in words: `a floor manager cannot close or open a table: ask a supervisor`. */
export function refusal(role: Role, p: Permission): string {
  const what: { readonly [P in Permission]: string } = {
    read: 'read the console',
    'change-signs': 'change signs',
    'close-table': 'close or open a table',
    revert: 'restore an earlier revision',
    'casino-sign': "change the casino's sign",
  };
  const who = role === 'viewer' ? 'a viewer' : role === 'floor-manager' ? 'a floor manager' : 'a supervisor';
  const ask = p === 'change-signs' ? 'a floor manager or a supervisor' : 'a supervisor';
  return `${who} cannot ${what[p]}: ask ${ask}`;
}
