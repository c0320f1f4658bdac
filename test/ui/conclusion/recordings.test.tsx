// @vitest-environment jsdom
// The lesson's two sources through the real pipeline (core's analyzeText on the shipped recordings): the
// conclusion sentences the lesson quotes, the results panel at the first fragment, and the self-check.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { analyzeText } from '../../../src/core/session/analyze';
import type { Session } from '../../../src/core/types';
import { translator } from '../../../src/i18n';
import { conclusionFacts, conclusionSentence } from '../../../src/ui/conclusion/facts';
import { ResultsPanel } from '../../../src/ui/panels/results/ResultsPanel';
import { selfCheck } from '../../../src/ui/selfcheck/compare';
import { renderPanel } from '../panels/render';

afterEach(cleanup);
const en = translator('en');

function load(name: string): Session {
  const r = analyzeText(readFileSync(join(process.cwd(), 'public/recordings', name), 'utf8'), name);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.session;
}

describe('on the shipped lesson recordings', () => {
  const docs = load('anthropic-docs.jsonl');
  const probe = load('parallel-probe.jsonl');
  const sentence = (s: Session, id: 'parse-each-fragment' | 'shared-buffer' | 'per-call-buffer') =>
    conclusionSentence(conclusionFacts(s, id), en(`strategy.${id}.label`), en);

  it('parse every fragment: never fails on the probe, fails from the first fragment on the docs stream', () => {
    expect(sentence(probe, 'parse-each-fragment')).toBe(
      'Parse every fragment never failed on this recording: each call arrived whole in one frame.',
    );
    expect(sentence(docs, 'parse-each-fragment')).toMatch(/^Parse every fragment fails from the first fragment: JSON\.parse\(''\) at frame \d+/);
  });

  it('one shared buffer fails on both: objects back to back', () => {
    for (const s of [probe, docs]) expect(sentence(s, 'shared-buffer')).toContain('two JSON objects back to back are not one JSON value');
  });

  it('the results panel shows the first fragment failing with the parser’s message', () => {
    const fact = conclusionFacts(docs, 'parse-each-fragment');
    if (fact.kind !== 'fail-parse') throw new Error('expected a parse failure');
    renderPanel(ResultsPanel, docs, { strategy: 'parse-each-fragment', frame: fact.frame });
    const item = screen.getAllByText('failed')[0]?.closest('li') as HTMLElement;
    expect(item.textContent).toContain('Unexpected end of JSON input');
  });

  it('the probe’s per-call assembly reproduces its recorded message, ids aside as its note says', () => {
    const [r] = selfCheck(probe);
    expect(r?.result.kind).toBe('match');
  });
});
