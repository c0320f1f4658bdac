// User-facing strings of the 'embed' area, in both languages. Keys are flat and prefixed 'embed.'.
export const embed = {
  en: {} as Record<string, string>,
  zh: {} as Record<string, string>,
};
