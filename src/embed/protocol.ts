/**
 * The postMessage protocol between a course page and an embedded player (docs/embedding.md).
 *
 * Contract: pure, never throws. `checkCommand(data)` sorts whatever arrived into three outcomes:
 * - null: not ours (not a plain object, or its own `type` is not a string starting with `streamscope:`); the bridge
 *   ignores it without a word, since other scripts post messages too;
 * - `{ok: true, command}`: a well-formed command;
 * - `{ok: false, error}`: a `streamscope:*` message that is refused, naming the field and the reason (a code from
 *   `CommandErrorReason`), with the limit where one was crossed.
 * Checked: the message is a plain object with no `__proto__` / `constructor` / `prototype` key and no field its
 * command does not take; `frame` is a finite integer in [0, MAX_FRAME]; `id` is a strategy of the registry; `text` is
 * a string of at most `limits.loadBytes` bytes in UTF-8 (bytes, not UTF-16 units: a CJK character is 3 bytes);
 * `name`, when given, is 1 to NAME_MAX characters with no control characters; `theme` and `lang` are one of
 * THEME_OPTIONS / LANG_OPTIONS. Outgoing messages are typed by
 * `PlayerEventMessage`. `quickSeek(data)` is the frame of a well-formed `seek` found the cheap way (most of a
 * flood of commands), else undefined and checkCommand decides: it never takes what checkCommand refuses.
 */
import { STRATEGY_IDS, type StrategyId } from '../core/types';
import { MAX_RECORDING_BYTES } from '../store/recordingLimit';
import type { LangOption, ThemeOption } from './options';

export { NAMESPACE, MAX_FRAME, quickSeek } from './quickSeek';
import { NAMESPACE, MAX_FRAME } from './quickSeek';
/** The largest recording a page may hand over by `load`, in UTF-8 bytes (the same limit as opening a file). */
export const MAX_LOAD_BYTES = MAX_RECORDING_BYTES;
/** The longest `name` a `load` may give. */
export const NAME_MAX = 200;
/** Longest echo of a refused message's `type` in the error reply. */
const TYPE_ECHO_MAX = 64;

export type PageCommand =
  | { type: 'streamscope:seek'; frame: number }
  | { type: 'streamscope:play' }
  | { type: 'streamscope:pause' }
  | { type: 'streamscope:setStrategy'; id: StrategyId }
  | { type: 'streamscope:load'; text: string; name: string }
  | { type: 'streamscope:setTheme'; theme: ThemeOption }
  | { type: 'streamscope:setLang'; lang: LangOption };

export type CommandErrorReason =
  | 'unknown-command'
  | 'forbidden-key'
  | 'unknown-field'
  | 'missing'
  | 'wrong-type'
  | 'not-finite'
  | 'not-an-integer'
  | 'out-of-range'
  | 'unknown-strategy'
  | 'unknown-value'
  | 'too-large'
  | 'too-long'
  | 'empty'
  | 'control-characters';

export interface CommandError {
  /** The refused message's `type` (cut to 64 characters). */
  command: string;
  /** The field at fault (`type` for an unknown command). */
  field: string;
  reason: CommandErrorReason;
  /** The bound that was crossed: the largest frame, the byte limit, the longest name. */
  limit?: number;
  /** The measured size where it was over the limit (bytes of `text`, characters of `name`). */
  size?: number;
}

export type CommandCheck = { ok: true; command: PageCommand } | { ok: false; error: CommandError };

export type PlayerEventMessage =
  | { type: 'streamscope:ready'; frames: number; strategy: StrategyId; source: string }
  | { type: 'streamscope:frame'; index: number; time: number }
  | { type: 'streamscope:ended'; index: number }
  | { type: 'streamscope:resize'; height: number }
  | ({ type: 'streamscope:error'; message: string; params?: Record<string, string | number> } & Partial<CommandError>);

export interface CommandLimits {
  loadBytes: number;
}
const DEFAULT_LIMITS: CommandLimits = { loadBytes: MAX_LOAD_BYTES };

/** The fields each command takes besides `type`. */
const FIELDS: Record<PageCommand['type'], readonly string[]> = {
  'streamscope:seek': ['frame'],
  'streamscope:play': [],
  'streamscope:pause': [],
  'streamscope:setStrategy': ['id'],
  'streamscope:load': ['text', 'name'],
  'streamscope:setTheme': ['theme'],
  'streamscope:setLang': ['lang'],
};
/** The values `setTheme` and `setLang` take (`auto`: the reader's system setting, the reader's browser). */
export const THEME_OPTIONS: readonly ThemeOption[] = ['light', 'dark', 'system', 'auto'];
export const LANG_OPTIONS: readonly LangOption[] = ['zh', 'en', 'auto'];
const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];
// C0 controls, DEL and C1 controls
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * The length of `s` encoded as UTF-8 (as TextEncoder would write it: a lone surrogate becomes U+FFFD, 3 bytes),
 * without encoding it. Stops counting once past `stopAbove` and returns what it has counted so far (> stopAbove).
 */
export function utf8ByteLength(s: string, stopAbove = Infinity): number {
  // every UTF-16 unit is at least one byte and at most three
  if (s.length > stopAbove) return s.length;
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
    if (bytes > stopAbove) return bytes;
  }
  return bytes;
}

export function checkCommand(data: unknown, limits: CommandLimits = DEFAULT_LIMITS): CommandCheck | null {
  if (!isPlainObject(data) || !Object.hasOwn(data, 'type')) return null;
  const type = data.type;
  if (typeof type !== 'string' || !type.startsWith(NAMESPACE)) return null;
  const command = type.slice(0, TYPE_ECHO_MAX);
  const refuse = (field: string, reason: CommandErrorReason, extra: { limit?: number; size?: number } = {}): CommandCheck => ({
    ok: false,
    error: { command, field, reason, ...extra },
  });
  // Reflect.ownKeys also sees an own "__proto__" (as JSON.parse or structured cloning makes it) and symbols
  for (const key of Reflect.ownKeys(data)) {
    if (typeof key !== 'string') return refuse(String(key.description ?? 'symbol').slice(0, TYPE_ECHO_MAX), 'unknown-field');
    if (FORBIDDEN_KEYS.includes(key)) return refuse(key, 'forbidden-key');
  }
  if (!Object.hasOwn(FIELDS, type)) return refuse('type', 'unknown-command');
  const known = FIELDS[type as PageCommand['type']];
  for (const key of Object.keys(data)) {
    if (key !== 'type' && !known.includes(key)) return refuse(key.slice(0, TYPE_ECHO_MAX), 'unknown-field');
  }
  switch (type as PageCommand['type']) {
    case 'streamscope:seek': {
      const frame = data.frame;
      if (frame === undefined) return refuse('frame', 'missing');
      if (typeof frame !== 'number') return refuse('frame', 'wrong-type');
      if (!Number.isFinite(frame)) return refuse('frame', 'not-finite');
      if (!Number.isInteger(frame)) return refuse('frame', 'not-an-integer');
      if (frame < 0 || frame > MAX_FRAME) return refuse('frame', 'out-of-range', { limit: MAX_FRAME });
      return { ok: true, command: { type: 'streamscope:seek', frame } };
    }
    case 'streamscope:play':
      return { ok: true, command: { type: 'streamscope:play' } };
    case 'streamscope:pause':
      return { ok: true, command: { type: 'streamscope:pause' } };
    case 'streamscope:setStrategy': {
      const id = data.id;
      if (id === undefined) return refuse('id', 'missing');
      if (typeof id !== 'string') return refuse('id', 'wrong-type');
      if (!(STRATEGY_IDS as readonly string[]).includes(id)) return refuse('id', 'unknown-strategy');
      return { ok: true, command: { type: 'streamscope:setStrategy', id: id as StrategyId } };
    }
    case 'streamscope:setTheme': {
      const theme = data.theme;
      if (theme === undefined) return refuse('theme', 'missing');
      if (typeof theme !== 'string') return refuse('theme', 'wrong-type');
      if (!(THEME_OPTIONS as readonly string[]).includes(theme)) return refuse('theme', 'unknown-value');
      return { ok: true, command: { type: 'streamscope:setTheme', theme: theme as ThemeOption } };
    }
    case 'streamscope:setLang': {
      const lang = data.lang;
      if (lang === undefined) return refuse('lang', 'missing');
      if (typeof lang !== 'string') return refuse('lang', 'wrong-type');
      if (!(LANG_OPTIONS as readonly string[]).includes(lang)) return refuse('lang', 'unknown-value');
      return { ok: true, command: { type: 'streamscope:setLang', lang: lang as LangOption } };
    }
    case 'streamscope:load': {
      const { text, name } = data;
      if (text === undefined) return refuse('text', 'missing');
      if (typeof text !== 'string') return refuse('text', 'wrong-type');
      const bytes = utf8ByteLength(text, limits.loadBytes);
      if (bytes > limits.loadBytes) return refuse('text', 'too-large', { limit: limits.loadBytes, size: utf8ByteLength(text) });
      if (name === undefined) return { ok: true, command: { type: 'streamscope:load', text, name: 'page.jsonl' } };
      if (typeof name !== 'string') return refuse('name', 'wrong-type');
      if (name.length === 0) return refuse('name', 'empty');
      if (name.length > NAME_MAX) return refuse('name', 'too-long', { limit: NAME_MAX, size: name.length });
      if (CONTROL.test(name)) return refuse('name', 'control-characters');
      return { ok: true, command: { type: 'streamscope:load', text, name } };
    }
  }
}

/** The command in `data`, or null when it is not a well-formed `streamscope:*` command (see checkCommand). */
export function parseCommand(data: unknown, limits?: CommandLimits): PageCommand | null {
  const checked = checkCommand(data, limits);
  return checked?.ok ? checked.command : null;
}
