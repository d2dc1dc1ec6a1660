/**
 * What the board's log says of an MQTT client error. Found by hand: a board with a wrong password logged only
 * "mqtt error" (Connection refused: Not authorized) and then "cannot reach the broker yet", which sent IT to the
 * network rather than to the credentials.
 */
import { describe, expect, test } from 'vitest';
import { defaultConfig } from './config';
import { clientOptions, mqttErrorWords } from './mqtt-options';

const refused = (message: string, code: number) => Object.assign(new Error(message), { code });

describe('mqttErrorWords', () => {
  test.each([
    ['MQTT 3.1.1, bad user name or password', refused('Connection refused: Bad username or password', 4)],
    ['MQTT 3.1.1, not authorized (Mosquitto, a wrong password)', refused('Connection refused: Not authorized', 5)],
    ['MQTT 5, bad user name or password', refused('Connection refused: Bad User Name or Password', 134)],
    ['MQTT 5, not authorized', refused('Connection refused: Not authorized', 135)],
  ])('%s: names the credentials and where they are set', (_name, e) => {
    const words = mqttErrorWords(e);
    expect(words).toMatch(/^mqtt error: the broker refused this board's user name or password/);
    expect(words).toContain('mqtt.username');
    expect(words).toContain('BACCARAT_MQTT_PASSWORD');
  });

  test('any other error is the plain "mqtt error" (its message is logged beside it)', () => {
    expect(mqttErrorWords(new Error('connect ECONNREFUSED 127.0.0.1:1883'))).toBe('mqtt error');
    expect(mqttErrorWords(refused('Connection refused: Server unavailable', 3))).toBe('mqtt error');
  });
});

describe('clientOptions: a WebSocket broker URL', () => {
  const will = { topic: 'baccarat/displays/D1/status', payload: '{}' };
  const options = (brokers: string[]) => clientOptions({ ...defaultConfig().mqtt, brokers }, will);

  test("keeps its path (found by hand: ws://broker:9001/mqtt connected to '/', which EMQX and HiveMQ refuse)", () => {
    expect(options(['ws://broker:9001/mqtt']).path).toBe('/mqtt');
    expect(options(['mqtt://a:1883', 'wss://b/mqtt']).path).toBe('/mqtt');
  });

  test('without a path, or over TCP, none is set: MQTT.js takes its default', () => {
    expect(options(['ws://broker:9001']).path).toBeUndefined();
    expect(options(['mqtt://broker:1883']).path).toBeUndefined();
  });
});
