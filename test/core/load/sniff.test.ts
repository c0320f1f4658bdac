// What a file is, before it is read as text: BOMs, magic numbers and binary data are refused with a code that says
// what the file is and what to do (they used to open as a 0-frame recording with every strategy "ok").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { load } from '../../../src/core/load';
import { SAMPLE, sniff } from '../../../src/core/load/sniff';
import { utf16le } from './bad-inputs';
import { english } from '../../../src/core/load/english';

const SSE = 'event: message_start\ndata: {"type":"message_start","message":{"id":"m","content":[]}}\n\n';
const utf8 = (s: string) => new TextEncoder().encode(s);
const codeOf = (input: string | Uint8Array, name = 'x.sse') => {
  const r = load(input, name);
  return r.ok ? 'ok' : r.error.code;
};

function utf16be(text: string): Uint8Array {
  const le = utf16le(text);
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1] as number, le[i] as number];
  return le;
}

function utf32(text: string, endian: 'LE' | 'BE'): Uint8Array {
  const out = new Uint8Array(text.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < text.length; i++) view.setUint32(4 * i, text.charCodeAt(i), endian === 'LE');
  return out;
}

describe('sniff: what the file is', () => {
  it.each([
    ['UTF-16 LE with a BOM', utf16le(`\ufeff${SSE}`), 'utf16', { endian: 'LE' }],
    ['UTF-16 BE with a BOM', utf16be(`\ufeff${SSE}`), 'utf16', { endian: 'BE' }],
    ['UTF-16 LE without a BOM', utf16le(SSE), 'utf16', { endian: 'LE' }],
    ['UTF-16 BE without a BOM', utf16be(SSE), 'utf16', { endian: 'BE' }],
    ['UTF-32 LE with a BOM', utf32(`\ufeff${SSE}`, 'LE'), 'utf32', { endian: 'LE' }],
    ['UTF-32 BE with a BOM', utf32(`\ufeff${SSE}`, 'BE'), 'utf32', { endian: 'BE' }],
    ['gzip', new Uint8Array(gzipSync(SSE)), 'gzip', {}],
    ['zip', new Uint8Array([0x50, 0x4b, 3, 4, ...utf8('....recording.sse')]), 'zip', {}],
    ['an empty zip', new Uint8Array([0x50, 0x4b, 5, 6, 0, 0, 0, 0]), 'zip', {}],
    ['PDF', utf8('%PDF-1.4\n1 0 obj\n'), 'pdf', {}],
    ['PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]), 'png', {}],
  ])('%s', (_label, bytes, code, params) => {
    for (const name of ['x.sse', 'x.jsonl', 'x.har', 'x.ndjson', undefined]) {
      const r = load(bytes, name);
      expect(r.ok, `${name}`).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe(code);
      expect(r.error.params).toMatchObject(params);
      // a file-wide statement: no line, and it says "the file"
      expect(r.error.line).toBeUndefined();
      expect(english(r.error)).toMatch(/^the file /);
    }
  });

  it('says what to do: convert UTF-16, decompress gzip', () => {
    const u16 = load(utf16le(`\ufeff${SSE}`), 'x.sse');
    expect(!u16.ok && english(u16.error)).toBe('the file is UTF-16 LE text, not UTF-8: convert it to UTF-8 first (for example iconv -f UTF-16 -t UTF-8)');
    const gz = load(new Uint8Array(gzipSync(SSE)), 'x.sse');
    expect(!gz.ok && english(gz.error)).toBe('the file is gzip-compressed: decompress it first (gunzip), then open the result');
  });

  it('random bytes are binary data, named with how many bytes and where the first one is', () => {
    let seed = 7;
    const bytes = new Uint8Array(4096).map(() => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 24;
    });
    bytes.set(utf8('data: '), 0);
    const r = load(bytes, 'x.sse');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('binary');
    expect(r.error.params?.sample).toBe(4096);
    expect(r.error.params?.at).toBeGreaterThanOrEqual(6);
    expect(Number(r.error.params?.count)).toBeGreaterThan(400);
  });

  it('the same files as text that was decoded already (a paste, a message from the host page)', () => {
    const decoded = (b: Uint8Array) => new TextDecoder().decode(b);
    expect(codeOf(decoded(new Uint8Array(gzipSync(SSE))))).toBe('gzip');
    expect(codeOf(decoded(utf16le(`\ufeff${SSE}`)))).toBe('utf16');
    expect(codeOf(decoded(utf16be(`\ufeff${SSE}`)))).toBe('utf16');
    expect(codeOf('%PDF-1.4\n')).toBe('pdf');
    expect(codeOf(decoded(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])))).toBe('png');
    expect(codeOf('PK\u0003\u0004xyz')).toBe('zip');
    expect(codeOf(`data: ${'\u0000\u0001\u0002'.repeat(20)}\n\n`)).toBe('binary');
  });
});

describe('sniff: text stays text', () => {
  it('UTF-8 text with a BOM, CJK, emoji, tabs, CRLF and ANSI colours is read', () => {
    const text = `\ufeffevent: x\r\ndata: {"t":"你好 🙂\\t","c":"\u001b[31mred\u001b[0m"}\r\n\r\n`;
    expect(sniff(utf8(text))).toBeNull();
    expect(sniff(text)).toBeNull();
    expect(codeOf(utf8(text))).toBe('ok');
  });

  it('a few stray NUL or invalid bytes in an SSE file do not make it binary (the SSE reader names them)', () => {
    const bytes = utf8(SSE.repeat(4));
    bytes[30] = 0;
    bytes[90] = 0xff;
    bytes[150] = 0xc3;
    expect(sniff(bytes)).toBeNull();
    expect(codeOf(`${SSE}data: a\u0000b\n\n`)).toBe('ok');
  });

  it('a character cut by the end of the sample is not held against the file', () => {
    const bytes = utf8('data: ' + '你'.repeat(SAMPLE));
    expect(sniff(bytes.subarray(0, SAMPLE + 1))).toBeNull();
  });

  it('no shipped recording and no test fixture is refused', () => {
    const roots = ['public/recordings', 'test/fixtures'];
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(jsonl|sse|txt|har|ndjson|json)$/.test(entry)) files.push(path);
      }
    };
    roots.forEach(walk);
    expect(files.length).toBeGreaterThan(10);
    for (const path of files) expect(sniff(new Uint8Array(readFileSync(path))), path).toBeNull();
  });
});
