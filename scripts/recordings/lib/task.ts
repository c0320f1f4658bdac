/**
 * The parseDate task shared by the lesson recordings: its tools (OpenAI Chat and Anthropic shapes) and prompt.
 *
 * Contract: data only. The tool names and argument shapes are the ones the recordings' calls use.
 */
export const SYSTEM_PROMPT =
  'You are a coding agent working in a small JavaScript repository. Use the tools to inspect and change files; run the tests before you finish.';
export const USER_PROMPT =
  'Implement parseDate(text) in src/parseDate.js so that it accepts YYYY-MM-DD and DD/MM/YYYY, returns a Date in UTC, and returns null for anything else (including impossible dates like 2024-02-30). Make test/parseDate.test.js pass.';

interface ToolDef {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

const str = (description: string) => ({ type: 'string', description });

export const TOOL_DEFS: ToolDef[] = [
  {
    name: 'list_files',
    description: 'List the files under a directory of the repository.',
    parameters: { type: 'object', properties: { path: str('directory, relative to the repository root') }, required: ['path'] },
  },
  {
    name: 'read_file',
    description: 'Read a text file of the repository.',
    parameters: { type: 'object', properties: { path: str('file path, relative to the repository root') }, required: ['path'] },
  },
  {
    name: 'write_file',
    description: 'Create or overwrite a text file of the repository.',
    parameters: {
      type: 'object',
      properties: { path: str('file path'), content: str('the whole new content') },
      required: ['path', 'content'],
    },
  },
  {
    name: 'run_tests',
    description: 'Run the test suite, optionally only the tests whose name matches a filter.',
    parameters: { type: 'object', properties: { filter: str('a test-name filter') }, required: [] },
  },
];

export const chatTools = (names: string[]) =>
  TOOL_DEFS.filter((t) => names.includes(t.name)).map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));

export const anthropicTools = (names: string[]) =>
  TOOL_DEFS.filter((t) => names.includes(t.name)).map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: t.parameters,
  }));

export const responsesTools = (names: string[]) =>
  TOOL_DEFS.filter((t) => names.includes(t.name)).map((t) => ({
    type: 'function',
    name: t.name,
    description: t.description,
    parameters: t.parameters,
  }));

/** The `tools` header field for the what-if schedules: read-only tools are safe to run concurrently. */
export const TOOL_SPECS = [
  { name: 'list_files', concurrencySafe: true, durationMs: 4 },
  { name: 'read_file', concurrencySafe: true, durationMs: 2 },
  { name: 'write_file', concurrencySafe: false, durationMs: 3 },
  { name: 'run_tests', concurrencySafe: false, durationMs: 1200 },
];

export const MLX_MODEL = 'mlx-community/Qwen3-8B-4bit';
export const MLX_SERVER = 'mlx_lm.server (OpenAI Chat compatible), local';

/** Python's json.dumps(obj) spacing (", " and ": "), as mlx_lm.server serialises tool arguments. */
export function pyJson(value: Record<string, unknown>): string {
  return '{' + Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ') + '}';
}
