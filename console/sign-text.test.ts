import { describe, expect, it } from 'vitest';
import type { DisplayStatus } from '../contract/schemas/status';
import { formatBoards } from './sign-text';

const status = (displayId: string): DisplayStatus =>
  ({ v: 1, displayId, tableId: 'T12', state: 'offline', timestamp: '2026-11-27T00:31:20.000Z' }) as DisplayStatus;

describe('formatBoards', () => {
  it('keeps a space after a board of a long name (found by hand: "Board board-t12:online")', () => {
    const text = formatBoards([status('D1'), status('board-t12')], null, null);
    expect(text).toContain('  Board D1:      offline since 2026-11-27T00:31:20.000Z\n');
    expect(text).toContain('  Board board-t12: offline since');
  });
});
