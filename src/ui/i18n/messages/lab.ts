// User-facing strings of the 'lab' area, in both languages. Keys are flat and prefixed 'lab.'.
export const lab = {
  en: {} as Record<string, string>,
  zh: {} as Record<string, string>,
};
