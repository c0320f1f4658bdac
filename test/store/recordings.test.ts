import { readFileSync, statSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parseIndex } from '../../src/store/recordings';

test('parses the index and names each unusable entry', () => {
  const { entries, problems } = parseIndex({
    recordings: [
      { id: 'parallel-probe', file: 'parallel-probe.jsonl', group: 'lesson', title: { zh: '并行', en: 'Parallel' }, summary: { en: 'Two calls' } },
      { id: 'cut', file: 'failures/cut.jsonl', group: 'failure', title: 'Cut' },
      { id: 'bad', file: '../secret' },
      { id: 'parallel-probe', file: 'x.jsonl' },
      { file: 'nameless.jsonl' },
    ],
  });
  expect(entries.map((e) => e.id)).toEqual(['parallel-probe', 'cut']);
  expect(entries[0]?.summary).toEqual({ zh: 'Two calls', en: 'Two calls' });
  expect(entries[1]).toMatchObject({ group: 'failure', title: { zh: 'Cut', en: 'Cut' } });
  expect(problems).toHaveLength(3);
  expect(problems[0]).toContain('recordings[2]');
  expect(problems[2]).toContain('recordings[4]');
});

test('a non-index gives one problem and no entries', () => {
  expect(parseIndex([1, 2])).toEqual({ entries: [], problems: ['index.json: expected {"recordings": [...]}'] });
});

test('an entry keeps the size the index gives when it is a whole number of bytes', () => {
  const entry = (bytes: unknown) => parseIndex({ recordings: [{ id: 'a', file: 'a.jsonl', bytes }] }).entries[0];
  expect(entry(30500)?.bytes).toBe(30500);
  expect(entry(0)?.bytes).toBe(0);
  for (const bad of [-1, 1.5, '30500', null, Number.MAX_VALUE]) expect(entry(bad)).not.toHaveProperty('bytes');
});

test('the shipped index gives every recording its file size', () => {
  const { entries, problems } = parseIndex(JSON.parse(readFileSync('public/recordings/index.json', 'utf8')));
  expect(problems).toEqual([]);
  for (const e of entries) expect(e.bytes, e.id).toBe(statSync(`public/recordings/${e.file}`).size);
});

test('an entry keeps the wire the index names when it is one of the four, and the shipped index names each header’s', () => {
  const entry = (wire: unknown) => parseIndex({ recordings: [{ id: 'a', file: 'a.jsonl', wire }] }).entries[0];
  expect(entry('anthropic-messages')?.wire).toBe('anthropic-messages');
  for (const bad of ['openai', '', 3, null, '<img src=x>']) expect(entry(bad)).not.toHaveProperty('wire');
  const { entries } = parseIndex(JSON.parse(readFileSync('public/recordings/index.json', 'utf8')));
  for (const e of entries) {
    const header = JSON.parse(readFileSync(`public/recordings/${e.file}`, 'utf8').split('\n', 1)[0] ?? '{}') as { wire?: string };
    expect(e.wire, e.id).toBe(header.wire);
  }
});
