// The dependency rule is enforced by lint, not good intentions: each probe is linted as if it stood at its path,
// and a deliberate violation must fail with the layer rule's message while an allowed import stays clean.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const VIOLATIONS: [string, string, RegExp][] = [
  ['src/core/probe.ts', "import x from 'react';", /no framework/],
  ['src/core/probe.ts', "import x from 'node:fs';", /only core and eventsource-parser/],
  ['src/core/probe.ts', "import x from 'lodash';", /only core and eventsource-parser/],
  ['src/core/probe.ts', "import { x } from '../store/player';", /layers above/],
  ['src/core/wire/probe.ts', "import { x } from '../../ui/i18n/parts';", /layers above/],
  ['src/core/wire/probe.ts', "import { x } from '../../i18n';", /layers above/],
  ['src/store/probe.ts', "import x from 'react';", /Only store\/react.tsx/],
  ['src/store/probe.ts', "import x from 'zustand';", /only core and zustand\/vanilla/],
  ['src/store/probe.ts', "import { x } from '../ui/App';", /store imports core only/],
  ['src/store/probe.ts', "import { x } from '../i18n';", /store imports core only/],
  ['src/worker/probe.ts', "import x from 'zustand/vanilla';", /.+/],
  ['src/cli/probe.ts', "import x from 'react';", /only core, src\/i18n and Node modules/],
  ['src/cli/probe.ts', "import x from 'zustand/vanilla';", /only core, src\/i18n and Node modules/],
  ['src/cli/probe.ts', "import { x } from '../ui/panels/raw/rows';", /only core and the framework-free src\/i18n/],
  ['src/cli/probe.ts', "import { x } from '../ui/i18n/parts';", /only core and the framework-free src\/i18n/],
  ['src/cli/probe.ts', "import { x } from '../store/player';", /only core and the framework-free src\/i18n/],
  ['src/i18n/probe.ts', "import x from 'react';", /framework-free/],
  ['src/i18n/probe.ts', "import x from 'node:fs';", /only core/],
  ['src/i18n/messages/probe.ts', "import { x } from '../../ui/i18n/parts';", /imports only core/],
  ['src/ui/probe.ts', "import { x } from '../embed/mount';", /ui never imports embed/],
  ['src/ui/panels/raw/probe.ts', "import { x } from '../buffers/segments';", /Panels never import each other/],
  ['src/ui/panels/results/probe.ts', "import { x } from '../../panels/raw/rows';", /Panels never import each other/],
];

const ALLOWED: [string, string][] = [
  ['src/core/probe.ts', "import { x } from 'eventsource-parser';"],
  ['src/core/wire/probe.ts', "import { x } from '../types';"],
  ['src/store/probe.ts', "import { x } from 'zustand/vanilla';"],
  ['src/store/react.tsx', "import x from 'react';"],
  ['src/cli/probe.ts', "import { x } from '../i18n';"],
  ['src/cli/probe.ts', "import { x } from '../i18n/messages/facts';"],
  ['src/i18n/messages/probe.ts', "import { x } from '../../core/load/messages';"],
  ['src/ui/shell/probe.ts', "import { x } from '../../i18n';"],
  ['src/cli/probe.ts', "import x from 'node:fs';"],
  ['src/ui/panels/raw/probe.ts', "import { x } from '../types';"],
];

describe('layer allowlists', () => {
  it.each(VIOLATIONS)('%s: %s fails lint', async (path, code, message) => {
    const messages = await restricted(path, code);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join('\n')).toMatch(message);
  });

  it.each(ALLOWED)('%s: %s passes', async (path, code) => {
    expect(await restricted(path, code)).toEqual([]);
  });
});
