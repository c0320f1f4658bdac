/**
 * mount(element, options): one independent player in any element (docs/embedding.md; ./mount.tsx holds the
 * contract), following its host page when it is a region of it (./hostPage.ts: the page's theme and fixed header).
 * embed.html calls ./mount.tsx `mountPlayer` without a follower instead: its player is the page.
 */
import { followHostPage } from './hostPage';
import { mountPlayer, type MountOptions, type PlayerHandle } from './mount';

export function mount(element: Element | ShadowRoot, options: MountOptions = {}): PlayerHandle {
  return mountPlayer(element, options, followHostPage);
}
