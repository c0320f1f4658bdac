// The slots every player fills the same way (the standalone app, embed.html, mount() and the custom element):
// the conclusion line, the compare view, the span waterfall and the self-check footer.
import { CompareView } from './compare/CompareView';
import { Conclusion } from './conclusion/Conclusion';
import { SelfCheck } from './selfcheck/SelfCheck';
import type { AppSlots } from './App';
import { Waterfall } from './waterfall/Waterfall';

export const defaultSlots: AppSlots = {
  conclusion: (p) => <Conclusion session={p.session} strategy={p.strategy} t={p.t} onSeek={p.onSeek} />,
  compare: (p) => <CompareView session={p.session} strategy={p.strategy} frame={p.frame} t={p.t} onSeek={p.onSeek} />,
  waterfall: (p) => <Waterfall {...p} />,
  footer: (p) => <SelfCheck session={p.session} t={p.t} />,
};
