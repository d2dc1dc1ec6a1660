import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../mqtt-bridge/config';

const require = createRequire(import.meta.url);
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, debug: { isEnabled: boolean; add(): void }): Promise<void>;
};
const root = new URL('..', import.meta.url).pathname;
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>;
const debug = { isEnabled: false, add: () => undefined };

describe('electron-builder.yml', () => {
  test("passes electron-builder's own schema validation", async () => {
    await expect(validateConfiguration(structuredClone(config), debug)).resolves.toBeUndefined();
  });

  test('the validation is real: a misspelt option is refused', async () => {
    const bad = structuredClone(config);
    bad.linux.targt = 'deb';
    await expect(validateConfiguration(bad, debug)).rejects.toThrow(/Invalid configuration object[\s\S]*linux/);
  });

  test('AppImage and deb for x64 and arm64, app id, icons and desktop entry', () => {
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z0-9-]+)+$/);
    const targets = (config.linux.target as { target: string; arch: string[] }[]).map((t) => [t.target, t.arch]);
    expect(targets).toEqual([
      ['AppImage', ['x64', 'arm64']],
      ['deb', ['x64', 'arm64']],
    ]);
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(existsSync(join(root, config.linux.icon, `${size}x${size}.png`))).toBe(true);
    }
    expect(config.linux.desktop.entry.Name).toBe('Baccarat Board');
  });

  test('the files it names exist, and the install scripts are executable', () => {
    for (const f of [config.deb.afterInstall, config.deb.afterRemove, 'assets/build/kiosk/kiosk-session']) {
      expect(existsSync(join(root, f)), f).toBe(true);
      expect(statSync(join(root, f)).mode & 0o111, `${f} is executable`).not.toBe(0);
    }
    for (const r of config.extraResources as { from: string }[])
      expect(existsSync(join(root, r.from)), r.from).toBe(true);
  });

  test('the example configuration it installs is a valid board configuration', () => {
    const example = JSON.parse(readFileSync(join(root, 'assets/config.example.json'), 'utf8'));
    const dir = mkdtempSync(join(tmpdir(), 'bb-example-'));
    for (const k of ['ca', 'cert', 'key'] as const) {
      const file = join(dir, k);
      // Stand-ins for the casino's PEM files (the configuration checks each is one: mqtt-bridge/tls-files.ts).
      writeFileSync(file, `-----BEGIN ${k === 'key' ? 'PRIVATE KEY' : 'CERTIFICATE'}-----\n`);
      example.mqtt.tls[k] = file;
    }
    writeFileSync(join(dir, 'config.json'), JSON.stringify(example));
    const loaded = loadConfig({ file: join(dir, 'config.json'), env: {} });
    expect(loaded.ok ? loaded.value.mqtt.brokers : loaded.error).toEqual(example.mqtt.brokers);
  });
});
