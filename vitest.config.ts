import { realpathSync } from 'node:fs';
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
