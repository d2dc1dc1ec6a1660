import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
// The file's extension, as Vite's native config loader wants it (TypeScript takes it: allowImportingTsExtensions).
import { chromiumLaunchOptions } from './test/helpers/chromium.ts';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            '{baccarat,cli,contract,mqtt-bridge,web-host,web-client,main,simulator,scripts,bin,e2e,docs,console,keypad}/**/*.test.ts',
          ],
          testTimeout: 20_000,
        },
      },
      {
        // The renderer in real Chromium (Debian's, never `playwright install`). Lit's legacy decorators come from
        // renderer/tsconfig.json (experimentalDecorators, useDefineForClassFields: false): see TOOLCHAIN.md.
        test: {
          name: 'browser',
          include: ['renderer/**/*.test.ts'],
          testTimeout: 20_000,
          browser: {
            enabled: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
            headless: true,
          },
        },
      },
    ],
  },
});
