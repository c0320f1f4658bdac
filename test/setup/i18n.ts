// Every unit, integration and e2e test sees both languages' strings, as the CLI does: registered at once (src/i18n/all).
// The app loads one language at a time; test/ui/i18n/lazy-languages.test.ts checks that on a fresh module.
import '../../src/i18n/all';
