// A named part of the player (a panel, the timeline, the waterfall, the lab...). In the standalone app and
// embed.html, where the player is the page, each is a region landmark (a <section> with a name), so a screen reader
// user jumps between them. Mounted into a host page (mount(), <streamscope-player>) the player is one region of
// that page, and its parts are named groups inside it: the page's landmarks stay the page's own plus one.
import { createContext, useContext, type ComponentPropsWithRef } from 'react';

/** 'page': the player is the page; 'region': the player is one region of a host page. */
export const LandmarkContext = createContext<'page' | 'region'>('page');

export function Region(props: ComponentPropsWithRef<'section'>) {
  const inHost = useContext(LandmarkContext) === 'region';
  return <section role={inHost ? 'group' : undefined} {...props} />;
}
