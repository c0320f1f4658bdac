// User-facing strings of the 'panels' area, in both languages. Keys are flat and prefixed 'panels.'.
export const panels = {
  en: {} as Record<string, string>,
  zh: {} as Record<string, string>,
};
