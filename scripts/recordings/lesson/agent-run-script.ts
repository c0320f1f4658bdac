/**
 * The script of the reconstructed agent run: per turn, what the model sent and what the tool returned.
 *
 * Contract: data only; 9 entries. Only the frame counts, first-frame times, the turn-7 silence and the token
 * totals are the lesson's; the calls, results and text here are filled in to fit the parseDate task.
 */
export interface AgentTurn {
  firstFrameMs: number;
  completionTokens: number;
  call?: { name: string; args: Record<string, unknown>; result: string; durationMs: number };
  /** For a turn without a call: what the agent sends next. */
  nudge?: string;
}

const FIXED_SOURCE = `const ISO = /^(\\d{4})-(\\d{2})-(\\d{2})$/;
const DMY = /^(\\d{2})\\/(\\d{2})\\/(\\d{4})$/;

export function parseDate(text) {
  let m = ISO.exec(text);
  let y, mo, d;
  if (m) [, y, mo, d] = m.map(Number);
  else if ((m = DMY.exec(text))) [, d, mo, y] = m.map(Number);
  else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  const same = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return same ? date : null;
}
`;

export const AGENT_TURNS: AgentTurn[] = [
  { firstFrameMs: 323.4, completionTokens: 17, call: { name: 'list_files', args: { path: '.' }, result: 'README.md\npackage.json\nsrc/\ntest/', durationMs: 3.8 } },
  {
    firstFrameMs: 367.1,
    completionTokens: 21,
    call: {
      name: 'read_file',
      args: { path: 'src/parseDate.js' },
      result: 'export function parseDate(text) {\n  const d = new Date(text);\n  return isNaN(d) ? null : d;\n}\n',
      durationMs: 1.6,
    },
  },
  {
    firstFrameMs: 402.9,
    completionTokens: 23,
    call: {
      name: 'read_file',
      args: { path: 'test/parseDate.test.js' },
      result:
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { parseDate } from '../src/parseDate.js';\n\ntest('accepts YYYY-MM-DD', () => assert.equal(parseDate('2024-03-05').toISOString(), '2024-03-05T00:00:00.000Z'));\ntest('accepts DD/MM/YYYY', () => assert.equal(parseDate('05/03/2024').toISOString(), '2024-03-05T00:00:00.000Z'));\ntest('rejects impossible dates', () => assert.equal(parseDate('2024-02-30'), null));\n",
      durationMs: 1.9,
    },
  },
  {
    firstFrameMs: 445.6,
    completionTokens: 20,
    call: {
      name: 'run_tests',
      args: { filter: 'parseDate' },
      result: 'not ok 2 - accepts DD/MM/YYYY\nnot ok 3 - rejects impossible dates\n# tests 3\n# pass 1\n# fail 2',
      durationMs: 1284.5,
    },
  },
  {
    firstFrameMs: 481.2,
    completionTokens: 21,
    call: {
      name: 'read_file',
      args: { path: 'package.json' },
      result: '{\n  "name": "dates",\n  "type": "module",\n  "scripts": { "test": "node --test" }\n}\n',
      durationMs: 1.4,
    },
  },
  { firstFrameMs: 518.7, completionTokens: 18, call: { name: 'list_files', args: { path: 'test' }, result: 'parseDate.test.js', durationMs: 3.1 } },
  {
    firstFrameMs: 546.9,
    completionTokens: 231,
    nudge: 'Your last reply ended with finish_reason "tool_calls" but carried no tool call. Send the call again.',
  },
  {
    firstFrameMs: 1013.6,
    completionTokens: 168,
    call: { name: 'write_file', args: { path: 'src/parseDate.js', content: FIXED_SOURCE }, result: `wrote ${FIXED_SOURCE.length} bytes to src/parseDate.js`, durationMs: 2.7 },
  },
  {
    firstFrameMs: 987.9,
    completionTokens: 20,
    call: { name: 'run_tests', args: { filter: 'parseDate' }, result: 'ok 1 - accepts YYYY-MM-DD\nok 2 - accepts DD/MM/YYYY\nok 3 - rejects impossible dates\n# tests 3\n# pass 3\n# fail 0', durationMs: 1197.2 },
  },
];

export const TURN7_TEXT =
  'The test run shows two failures. First, parseDate("2024-02-30") returns a Date in March instead of null, because new Date() rolls an impossible day over into the next month. Second, the DD/MM/YYYY form is not recognised at all, so "05/03/2024" gives null. I will rewrite the function: match each supported format with its own regular expression, build the date with Date.UTC from the captured parts, and check that the year, month and day read back unchanged, which rejects the rollover. Then I will run the parseDate tests again.\n\n';
