import { realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
// The file's extension, as Vite's native config loader wants it (TypeScript takes it: allowImportingTsExtensions).
import { chromiumLaunchOptions } from './test/helpers/chromium.ts';

export default defineConfig({
  test: {
    // Two test files at once even on two cores (vitest's default, one fewer than the cores, would run one): most of
    // the suite's time is waiting on Chromium, brokers and child processes, and one file at a time took a slow 2-core
    // VM 737 s of its 15 minutes, two 477 s. Tests that depend on the page's timing run on Playwright's clock.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
        // The board's fonts are served to tests that measure text (renderer/test-support/product-fonts.ts) wherever
        // the install is: Vite refuses files outside the project, as a node_modules linked to a shared install is.
        server: { fs: { allow: ['.', realpathSync('node_modules/@fontsource')] } },
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
