import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['{baccarat,cli,contract,mqtt-bridge,web-host,main,simulator,scripts,bin,e2e,docs}/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
