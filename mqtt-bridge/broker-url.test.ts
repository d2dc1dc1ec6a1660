/**
 * parseBrokerUrl: the one check of a broker URL (configuration and every --broker), and that a URL it accepts
 * reaches the right port.
 */
import { describe, expect, test } from 'vitest';
import { parseBrokerUrl } from './broker-url';
import { defaultPort } from './mqtt-options';

describe('parseBrokerUrl', () => {
  test.each([
    'mqtt://broker:1883',
    'mqtts://broker.casino.local:8883',
    'tcp://10.0.0.5',
    'tls://broker',
    'ssl://broker:8883',
    'ws://broker:9001/mqtt',
    'wss://broker/mqtt',
    'mqtt://user:pw@broker:1883',
    'mqtt://[::1]:1883',
    'MQTT://broker',
  ])('accepts %s', (url) => {
    expect(parseBrokerUrl(url).ok).toBe(true);
  });

  test.each<[string, RegExp]>([
    ['mqtt://', /^'mqtt:\/\/' has no host: write it as mqtt:\/\/HOST:PORT .*e\.g\. mqtt:\/\/broker/],
    ['mqtt://:1883', /has no host/],
    ['mqtts://user@', /has no host/],
    ['mqtt:///path', /has no host/],
    ['http://broker:1883', /the scheme 'http:\/\/', which is not MQTT's: use one of mqtt:\/\/, mqtts:\/\/, tcp:\/\//],
    ['broker:1883', /^'broker:1883' is not a broker URL: write it as mqtt:\/\/HOST:PORT/],
    ['', /^'' is not a broker URL/],
    ['mqtt://broker:99999', /the port '99999': a port is a whole number from 1 to 65535/],
    ['mqtt://broker:0', /the port '0'/],
    ['mqtt://broker:abc', /the port 'abc'/],
    ['mqtt://bro ker:1883', /is not a valid URL/],
  ])('refuses %j, saying why', (url, message) => {
    const r = parseBrokerUrl(url);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  test('a refused URL is quoted without its password', () => {
    const r = parseBrokerUrl('mqtt://user:pw-secret@broker:99999');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).not.toContain('pw-secret');
      expect(r.error).toMatch(/^'mqtt:\/\/user:…@broker:99999' has the port '99999'/);
    }
  });

  test('a URL without a port connects to MQTT’s: 8883 over TLS (mqtts, tls, ssl), else 1883', () => {
    const port = (u: string) => defaultPort(new URL(u));
    expect([port('mqtts://b'), port('tls://b'), port('ssl://b'), port('mqtt://b'), port('tcp://b')]).toEqual([
      8883, 8883, 8883, 1883, 1883,
    ]);
    expect(port('ssl://b:9999')).toBe(9999);
  });
});
