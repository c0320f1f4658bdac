// User-facing strings of the 'waterfall' area, in both languages. Keys are flat and prefixed 'waterfall.'.
export const waterfall = {
  en: {} as Record<string, string>,
  zh: {} as Record<string, string>,
};
