// User-facing strings of the 'app' area, in both languages. Keys are flat and prefixed 'app.'.
export const app = {
  en: {} as Record<string, string>,
  zh: {} as Record<string, string>,
};
