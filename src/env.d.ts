/** Origins besides this site that `rec=` may load from, fixed at build time (vite.config.ts). */
declare const __STREAMSCOPE_REC_ORIGINS__: readonly string[];
