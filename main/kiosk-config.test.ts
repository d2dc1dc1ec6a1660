/**
 * The kiosk's configuration (Electron's main process): the warnings of variables nothing reads, which serve and start
 * print and the kiosk, with no terminal, did not say at all; and board.logo checked among the board's own files.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { kioskConfig } from './kiosk-config';

const renderer = mkdtempSync(join(tmpdir(), 'bb-kiosk-renderer-'));
mkdirSync(join(renderer, 'assets'));
writeFileSync(join(renderer, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const config = (board: object) => {
  const file = join(mkdtempSync(join(tmpdir(), 'bb-kiosk-config-')), 'config.json');
  writeFileSync(file, JSON.stringify({ tableId: 'T1', displayId: 'D1', board }));
  return file;
};
const NO_SYSTEM = '/nonexistent/baccarat-board/config.json';

describe('kioskConfig', () => {
  test('a misspelt BACCARAT_ variable is a warning, as serve prints it, with the nearest name', () => {
    const env = { BACCARAT_BOARD_CONFIG: config({}), BACCARAT_MQTT_URL: 'mqtt://broker:1883' };
    const k = kioskConfig(env, renderer, NO_SYSTEM);
    expect(k.config.ok).toBe(true);
    expect(k.warnings).toEqual([
      expect.stringMatching(
        /^warning: environment variable BACCARAT_MQTT_URL is not one baccarat-board reads \(did you mean BACCARAT_MQTT_URLS\?\)/,
      ),
    ]);
  });

  test('no variable of its own, no warning; no file, the defaults', () => {
    const k = kioskConfig({ PATH: '/usr/bin' }, renderer, NO_SYSTEM);
    expect(k).toMatchObject({ file: null, warnings: [] });
  });

  test('board.logo among the board files is taken; a missing one is refused, naming the field and the file', () => {
    expect(
      kioskConfig({ BACCARAT_BOARD_CONFIG: config({ logo: 'assets/logo.svg' }) }, renderer, NO_SYSTEM).config.ok,
    ).toBe(true);
    const file = config({ logo: 'assets/nope.svg' });
    const k = kioskConfig({ BACCARAT_BOARD_CONFIG: file }, renderer, NO_SYSTEM);
    expect(k.config.ok).toBe(false);
    if (!k.config.ok) {
      expect(k.config.error).toContain('board.logo');
      expect(k.config.error).toContain(file);
      expect(k.config.error).toContain("is not among the board's files");
    }
  });
});
