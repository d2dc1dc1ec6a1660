/**
 * The kiosk window's `kiosk:fit` (its pit message cut, its streak line given up), checked by the contract before the
 * bridge takes it: anything else is refused (the board's request fails with the reason), logged, and changes nothing.
 * No Electron here, so that it is tested without the binary.
 *
 * ```ts
 * handle('kiosk:fit', fitRequest(bridge, log), own);
 * ```
 * @packageDocumentation
 */
import { parseFitReport } from '../contract/fit-report';
import type { FitReport } from '../contract/kiosk';

/** The handler of `kiosk:fit`: the checked report to `bridge.boardFit`, or an error (thrown to the board) and a log line. */
export function fitRequest(
  bridge: { boardFit(report: FitReport): void },
  log: (msg: string) => void,
): (report: unknown) => null {
  return (report) => {
    const fit = parseFitReport(report);
    if (!fit.ok) {
      log(`kiosk:fit refused: ${fit.error}`);
      throw new Error(`kiosk:fit refused: ${fit.error}`);
    }
    bridge.boardFit(fit.value);
    return null;
  };
}
