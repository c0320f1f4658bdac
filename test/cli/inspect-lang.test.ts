// The summary of `npm run inspect` in zh and en, in process: the words come from the src/i18n 'cli' area, the
// language from --lang or the locale the environment names; English is what the summary always printed, and the
// codes (wire, strategy ids, anomaly codes, the ok / FAIL / n/a column) read the same in both languages.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load } from '../../src/core/load';
import { analyze } from '../../src/core/session/session';
import type { Session } from '../../src/core/types';
import { langFromEnv, parseInspectArgs } from '../../src/cli/inspect-args';
import { inspectJsonText } from '../../src/cli/inspect-json';
import { inspectSummary } from '../../src/cli/inspect-summary';
import { placeholderNames } from '../../src/i18n';
import { cli } from '../../src/i18n/messages/inspect';

function session(name: string, bytes: Uint8Array = readFileSync(`public/recordings/${name}`)): Session {
  const loaded = load(bytes, name);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return analyze(loaded.recording, {});
}

describe('inspect --lang', () => {
  it('takes zh or en, and names a wrong value', () => {
    const parsed = parseInspectArgs(['f.jsonl', '--lang', 'zh']);
    expect(parsed.ok && 'args' in parsed && parsed.args.lang).toBe('zh');
    const inline = parseInspectArgs(['f.jsonl', '--lang=en'], { LANG: 'zh_CN.UTF-8' });
    expect(inline.ok && 'args' in inline && inline.args.lang).toBe('en');
    expect(parseInspectArgs(['f.jsonl', '--lang', 'fr'])).toEqual({ ok: false, error: 'unknown language "fr" (zh or en)' });
    expect(parseInspectArgs(['f.jsonl', '--lang'])).toEqual({ ok: false, error: '--lang needs a language: zh or en' });
  });

  it('defaults to the locale the environment names (LC_ALL, then LC_MESSAGES, then LANG), else en', () => {
    expect(langFromEnv({})).toBe('en');
    expect(langFromEnv({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(langFromEnv({ LANG: 'zh_TW' })).toBe('zh');
    expect(langFromEnv({ LANG: 'zh' })).toBe('zh');
    expect(langFromEnv({ LANG: 'en_US.UTF-8' })).toBe('en');
    expect(langFromEnv({ LANG: 'C.UTF-8' })).toBe('en');
    expect(langFromEnv({ LC_ALL: 'en_GB.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(langFromEnv({ LC_ALL: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh');
    expect(langFromEnv({ LC_ALL: '', LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'en_US' })).toBe('zh');
    expect(langFromEnv({ LANG: 'zhx' })).toBe('en');
    const parsed = parseInspectArgs(['f.jsonl'], { LC_ALL: 'zh_CN.UTF-8' });
    expect(parsed.ok && 'args' in parsed && parsed.args.lang).toBe('zh');
  });
});

describe('the summary in zh', () => {
  const s = session('interleaved-chat.jsonl');
  const en = inspectSummary(s, 'interleaved-chat.jsonl');
  const zh = inspectSummary(s, 'interleaved-chat.jsonl', undefined, 'zh');

  it('English is the summary as it always read', () => {
    expect(en.split('\n')[0]).toBe('interleaved-chat.jsonl: openai-chat (named in the header), 9 frames, 1 turn');
    expect(en).toMatch(/^turn 0: 9 frames; first frame 412\.8 ms, first reasoning -, first text -, first tool call 478\.9 ms, /m);
    expect(en).toMatch(/^ {2}per-call-buffer {7}ok {4}2 calls, 0\/2 parses failed$/m);
    expect(en).toMatch(/^ {2}completed-item {8}n\/a {3}\(No event on this wire carries a whole call/m);
    expect(en).toMatch(/^ {2}next-index-closes {5}FAIL {2}0 calls, 6\/6 parses failed; first failure at turn 0 frame 2: Unexpected end of JSON input \(input ""\)$/m);
  });

  it('speaks Chinese, with the codes and the verdict column as in English', () => {
    const lines = zh.split('\n');
    expect(lines[0]).toBe('interleaved-chat.jsonl：openai-chat（文件头里写明），9 帧，1 轮');
    expect(zh).toMatch(/^轮次 0：9 帧；首帧 412\.8 ms，首个思考 -，/m);
    expect(zh).toContain('\n策略：\n');
    expect(zh).toMatch(/^ {2}per-call-buffer {7}ok {4}2 个调用，0\/2 次解析失败$/m);
    expect(zh).toMatch(/^ {2}completed-item {8}n\/a {3}（这种线路格式里没有哪个事件携带完整调用/m);
    expect(zh).toMatch(/^ {2}next-index-closes {5}FAIL {2}0 个调用，6\/6 次解析失败；第一次失败在轮次 0 帧 2：Unexpected end of JSON input（输入 ""）$/m);
    // same shape: one line in zh for each line in en
    expect(lines).toHaveLength(en.split('\n').length);
    for (const word of ['frames', 'turn ', 'first failure', 'parses failed', 'strategies:', 'named in the header']) expect(zh).not.toContain(word);
  });

  it('words load issues, anomalies and a file without frames in zh', () => {
    const odd = session('x.sse', new TextEncoder().encode('garbage\n\n'));
    const text = inspectSummary(odd, 'x.sse', undefined, 'zh');
    expect(text).toContain('没有帧：这个文件里找不到 SSE 事件');
    expect(text).toMatch(/^问题 sse-unusual-start（第 1 行，字节 0）：.*"garbage"/m);
    expect(text).toContain('问题 wire-not-detected：无法识别线路格式；按 openai-chat 读取');
    // in English too the place is said once (before: "issue ... (line 1, byte 0): line 1 (byte 0): read as SSE text ...")
    const enText = inspectSummary(odd, 'x.sse', undefined, 'en');
    expect(enText).toMatch(/^issue sse-unusual-start \(line 1, byte 0\): read as SSE text because of the file name/m);
    expect(text).toMatch(/^ {2}per-call-buffer {7}n\/a {3}（这份录制没有任何帧/m);
    const cut = inspectSummary(session('agent-run.jsonl'), 'agent-run.jsonl', 'per-call-buffer', 'zh');
    expect(cut).toContain('  异常 finish-tool-calls-without-call，在帧 129');
  });

  it('--json is the same whatever the language', () => {
    // the report takes no language: the summary's words never reach it
    expect(inspectJsonText(s)).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('the cli area of the catalogs', () => {
  it('zh has every key of en and no placeholder en lacks; only plural selectors may be English-only', () => {
    const enCat: Record<string, string> = cli.en;
    const zhCat: Record<string, string> = cli.zh;
    expect(Object.keys(zhCat).sort()).toEqual(Object.keys(enCat).sort());
    for (const [key, template] of Object.entries(enCat)) {
      const zhNames = placeholderNames(zhCat[key] ?? '');
      const enNames = placeholderNames(template);
      expect(zhNames.filter((n) => !enNames.includes(n)), key).toEqual([]);
      expect(enNames.filter((n) => !zhNames.includes(n) && !n.endsWith('Count')), key).toEqual([]);
    }
  });
});
