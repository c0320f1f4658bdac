// expect(actual).toStrictEqual(expected) for big values (whole sessions): vitest's matcher takes seconds on a
// 7,000-frame session, node:util's isDeepStrictEqual a few tens of milliseconds. isDeepStrictEqual is at least as
// strict (same prototypes, an undefined member is not a missing one, typed arrays by content, -0 is not 0), so it
// decides; the matcher runs only when it finds a difference, to print its diff.
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

export function expectStrictEqual(actual: unknown, expected: unknown, message?: string): void {
  if (isDeepStrictEqual(actual, expected)) return;
  expect(actual, message).toStrictEqual(expected);
  // a difference only isDeepStrictEqual sees (a prototype, a symbol key): still a failure
  expect.fail(`${message ? `${message}: ` : ''}not deep-strict-equal (node:util isDeepStrictEqual), though toStrictEqual finds no difference`);
}
