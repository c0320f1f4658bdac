// Which chunks of a build start with V8's compile hint (compile-hints.ts): every entry's static imports and the chunks
// the first view imports just after its first paint (the wires, the frame detail, the waterfall, the self-check, the
// embed's protocol), with what those import; never a chunk only a later view loads (the editor, the code view).
import { expect, test } from 'vitest';
import { hintedChunks } from '../../compile-hints';

const chunk = (moduleIds: string[], imports: string[] = [], isEntry = false) => ({ isEntry, imports, moduleIds });

test('the entries’ static imports and the first view’s later chunks, with their imports, and nothing else', () => {
  const graph = {
    'embed.js': chunk(['/r/src/embed/embed-main.tsx'], ['shell.js', 'analysis.js'], true),
    'shell.js': chunk(['/r/node_modules/preact/dist/preact.mjs'], ['runtime.js']),
    'analysis.js': chunk(['/r/src/core/sse/decode.ts']),
    'runtime.js': chunk(['\0rolldown/runtime.js']),
    'openai-chat.js': chunk(['/r/src/core/wires/openai-chat.ts', '/r/src/core/wire/openai-chat.ts'], ['helpers.js']),
    'helpers.js': chunk(['/r/src/core/wire/encode.ts']),
    'Waterfall.js': chunk(['/r/src/ui/waterfall/Waterfall.tsx', '/r/node_modules/d3-scale/src/linear.js']),
    'FrameDetail.js': chunk(['/r/src/ui/panels/raw/FrameDetail.tsx']),
    'SelfCheck.js': chunk(['/r/src/ui/selfcheck/SelfCheck.tsx']),
    'protocol.js': chunk(['/r/src/embed/protocol.ts']),
    'ExercisePanel.js': chunk(['/r/src/ui/exercise/ExercisePanel.tsx', '/r/node_modules/@codemirror/view/dist/index.js']),
    'CodeView.js': chunk(['/r/src/ui/code/CodeView.tsx'], ['engine.js']),
    'engine.js': chunk(['/r/node_modules/shiki/dist/engine-javascript.mjs']),
    'en.js': chunk(['/r/src/i18n/lang/en.ts']),
  };
  expect([...hintedChunks(graph)].sort()).toEqual(
    ['FrameDetail.js', 'SelfCheck.js', 'Waterfall.js', 'analysis.js', 'embed.js', 'helpers.js', 'openai-chat.js', 'protocol.js', 'runtime.js', 'shell.js'].sort(),
  );
});
