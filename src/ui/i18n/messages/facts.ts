// User-facing strings of the 'facts' area, in both languages. Keys are flat and prefixed 'facts.'.
export const facts = {
  en: {} as Record<string, string>,
  zh: {} as Record<string, string>,
};
