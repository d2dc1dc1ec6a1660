import { describe, expect, test } from 'vitest';
import { allowedHosts, givenToken, isLoopback, isWildcard, requestGuard, tokenOk } from './http-guard';

describe('the Host names a server answers to', () => {
  test('on loopback: its loopback names, with its port (and without it on port 80)', () => {
    expect([...(allowedHosts('127.0.0.1', 8080) ?? [])].sort()).toEqual([
      '127.0.0.1:8080',
      '[::1]:8080',
      'localhost:8080',
    ]);
    expect(allowedHosts('::1', 8080)?.has('[::1]:8080')).toBe(true);
    expect(allowedHosts('127.0.0.2', 8080)?.has('127.0.0.2:8080')).toBe(true);
    expect(allowedHosts('localhost', 80)).toEqual(
      new Set(['127.0.0.1:80', '127.0.0.1', 'localhost:80', 'localhost', '[::1]:80', '[::1]']),
    );
  });

  test('on another address or name: that one only; on a wildcard address: any (a token is required there)', () => {
    expect(allowedHosts('10.1.2.3', 8080)).toEqual(new Set(['10.1.2.3:8080']));
    expect(allowedHosts('Board-7.Casino.Local', 8080)).toEqual(new Set(['board-7.casino.local:8080']));
    expect(allowedHosts('fd00::5', 8080)).toEqual(new Set(['[fd00::5]:8080']));
    expect(allowedHosts('0.0.0.0', 8080)).toBeNull();
    expect(allowedHosts('::', 8080)).toBeNull();
  });

  test('hostOk: case does not matter; a rebound name, another port or no Host is refused', () => {
    let port = 0;
    const guard = requestGuard('127.0.0.1', () => port);
    port = 8088; // known once listening
    expect(guard.hostOk('127.0.0.1:8088')).toBe(true);
    expect(guard.hostOk('LOCALHOST:8088')).toBe(true);
    expect(guard.hostOk('[::1]:8088')).toBe(true);
    for (const host of ['evil.example:8088', 'evil.example', '127.0.0.1:8089', '127.0.0.1', '', undefined])
      expect(guard.hostOk(host), String(host)).toBe(false);
    const any = requestGuard('0.0.0.0', () => 8088);
    expect(any.hostOk('board-7:8088')).toBe(true);
    expect(any.hostOk(undefined)).toBe(false);
  });

  test('originOk: none (not a browser), or the page’s own (http, or https behind a proxy)', () => {
    const guard = requestGuard('127.0.0.1', () => 8088);
    expect(guard.originOk(undefined, '127.0.0.1:8088')).toBe(true);
    expect(guard.originOk('http://127.0.0.1:8088', '127.0.0.1:8088')).toBe(true);
    expect(guard.originOk('https://board.example', 'board.example')).toBe(true);
    expect(guard.originOk('http://LOCALHOST:8088', 'localhost:8088')).toBe(true);
    for (const origin of ['http://evil.example', 'null', 'http://127.0.0.1:8089', 'ws://127.0.0.1:8088', ''])
      expect(guard.originOk(origin, '127.0.0.1:8088'), origin).toBe(false);
    expect(guard.originOk('http://127.0.0.1:8088', undefined)).toBe(false);
  });
});

describe('addresses and tokens', () => {
  test('isLoopback and isWildcard', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.9.9.9'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '10.0.0.1', 'evil.example', '::'].some(isLoopback)).toBe(false);
    expect(['0.0.0.0', '::'].every(isWildcard)).toBe(true);
    expect(isWildcard('127.0.0.1')).toBe(false);
  });

  test('the token: Bearer first, then ?token=; compared whole', () => {
    const q = new URLSearchParams('token=from-query');
    expect(givenToken({ authorization: 'Bearer from-header' }, q)).toBe('from-header');
    expect(givenToken({ authorization: 'Basic eDp5' }, q)).toBe('from-query');
    expect(givenToken({}, new URLSearchParams())).toBeNull();
    expect(tokenOk(null, null)).toBe(true);
    expect(tokenOk('secret-token-0123', 'secret-token-0123')).toBe(true);
    expect(tokenOk('secret-token-0123', 'secret-token-012')).toBe(false);
    expect(tokenOk('secret-token-0123', null)).toBe(false);
  });
});
