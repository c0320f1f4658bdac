// The outermost boxes of the areas whose styles come later (./stylesLater.ts): kept invisible in a shadow root
// until those styles are in (./styles.ts), so none is ever seen unstyled.
export const LATER_ROOTS = ['.wf', '.wf-lazy', '.wf-placeholder', '.ss-code-view', '.ss-exercise', '.ss-lab', '.ss-labbar', '.ss-matrix', '.ss-tour', '.ss-presenter-bar'] as const;
