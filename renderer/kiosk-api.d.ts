// The one place that declares what the Electron preload puts on `window` (and the demo's test hooks).
import type { KioskApi } from '../contract/kiosk';
import type { DemoHooks, DemoFixtures } from './demo-kiosk';

declare global {
  interface Window {
    /** Exposed by the Electron preload through contextBridge; absent in browser mode. */
    kiosk?: KioskApi;
    /** Demo mode only (`?demo=<fixture>`): push views, identify, wait for a frame. */
    __kioskDemo?: DemoHooks;
    /** Set by demo-fixtures.js: fixture name → a view built at load time. */
    __kioskFixtures?: DemoFixtures;
  }
}
