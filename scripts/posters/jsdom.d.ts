// The part of jsdom's API ./dom.ts uses (jsdom ships no types of its own; the tests use it through vitest's environment).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis;
  }
}
