// The styles of the player's areas that open after its first view (./styles.ts holds the contract): the span
// waterfall, the strategy code view, the exercise and its editor, the instructor lab and its matrix, the tours.
export const LATER_STYLES = import.meta.glob<string>(
  ['../ui/waterfall/*.css', '../ui/code/*.css', '../ui/exercise/*.css', '../ui/lab/*.css', '../ui/matrix/*.css', '../ui/tour/*.css'],
  { query: '?inline', import: 'default', eager: true },
);
