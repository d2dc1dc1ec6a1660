import { expect, test } from 'vitest';
import { duplicateKeys } from './json-duplicate-keys';

test('a key given twice in one object, with its path and lines; none in JSON that gives each once', () => {
  expect(duplicateKeys('{"a": 1, "b": {"c": 1,\n"c": 2}, "a": 3}')).toEqual([
    { key: 'a', lines: [1, 2] },
    { key: 'b.c', lines: [1, 2] },
  ]);
  expect(duplicateKeys('{"mqtt": {"brokers": ["x", {"k": 1, "k": 2}]}}')).toEqual([
    { key: 'mqtt.brokers[1].k', lines: [1, 1] },
  ]);
  // The same key in two objects, or in objects of an array, is no duplicate; nor a key's text as a value.
  expect(duplicateKeys('{"a": {"x": 1}, "b": {"x": 2}, "l": [{"x": 1}, {"x": 2}], "s": "a"}')).toEqual([]);
  // Escapes in keys and values: "a\"" is not "a", and a "," or "{" inside a string is text.
  expect(duplicateKeys('{"a\\"": 1, "a": "{,[", "\\u0061": 2}')).toEqual([{ key: 'a', lines: [1, 1] }]);
  expect(duplicateKeys('[]')).toEqual([]);
});
