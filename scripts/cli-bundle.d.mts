// The types of ./cli-bundle.mjs (plain JavaScript: it runs before anything is compiled).
export declare const ROOT: string;
export declare function cacheDir(): string;
export declare function isFresh(out: string, root?: string): boolean;
export type CliBundle = { ok: true; url: string; rebuilt: boolean } | { ok: false; error: string };
export declare function cliBundle(name: string, opts?: { dir?: string; force?: boolean }): CliBundle;
