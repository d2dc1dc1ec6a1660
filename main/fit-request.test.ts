/**
 * The Electron host's `kiosk:fit` handler without the Electron binary (`handle` wraps it for the kiosk window only):
 * a checked report goes to the bridge; anything else is refused with its reason, thrown back to the board's
 * request (ipcMain.handle rejects its invoke) and logged, and the bridge hears nothing of it.
 */
import { describe, expect, test } from 'vitest';
import type { FitReport } from '../contract/kiosk';
import { fitRequest } from './fit-request';

function host() {
  const fits: FitReport[] = [];
  const logged: string[] = [];
  const handler = fitRequest({ boardFit: (r) => fits.push(r) }, (msg) => logged.push(msg));
  return { handler, fits, logged };
}

describe('main: kiosk:fit', () => {
  test('gives a checked report to the bridge and answers null', () => {
    const { handler, fits, logged } = host();
    expect(handler({ messageCut: true, messageLines: 4, streaksHidden: true })).toBeNull();
    expect(handler({ messageCut: false, streaksHidden: false })).toBeNull();
    expect(fits).toEqual([
      { messageCut: true, messageLines: 4, streaksHidden: true },
      { messageCut: false, streaksHidden: false },
    ]);
    expect(logged).toEqual([]);
  });

  test('refuses anything else with its reason, logged; the bridge hears nothing', () => {
    const { handler, fits, logged } = host();
    expect(() => handler(undefined)).toThrow('kiosk:fit refused: not an object');
    expect(() => handler({ messageCut: 1, streaksHidden: false })).toThrow('messageCut: expected a boolean');
    expect(() => handler({ messageCut: false, messageLines: 2, streaksHidden: false })).toThrow(
      'messageLines: only for a message that is cut',
    );
    expect(logged).toEqual([
      'kiosk:fit refused: not an object',
      'kiosk:fit refused: messageCut: expected a boolean',
      'kiosk:fit refused: messageLines: only for a message that is cut',
    ]);
    expect(fits).toEqual([]);
  });
});
