// The types of ./peak-kb.mjs (plain JavaScript: ./peak.mjs preloads it into processes that run no TypeScript).
export declare function peakKB(pid?: number): number;
