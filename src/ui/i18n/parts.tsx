// Catalog sentences with React nodes in them. Recorded text (a tool name, a call id) goes inside its own <bdi>, so a
// right-to-left override in a recording cannot reorder the app's own words around it.
import { Fragment, type ReactNode } from 'react';
import type { MessageKey, Params, Translate } from '../../i18n';

const MARK = '\u0000';

/** t(key, params), with the parameters named in `nodes` replaced by those React nodes. */
export function translateNodes(t: Translate, key: MessageKey, params: Params, nodes: Record<string, ReactNode>): ReactNode {
  const withMarks: Params = { ...params };
  for (const name of Object.keys(nodes)) withMarks[name] = `${MARK}${name}${MARK}`;
  const parts = t(key, withMarks).split(MARK);
  // even positions are the app's words, odd positions are parameter names
  return parts.map((part, i) => <Fragment key={i}>{i % 2 === 0 ? part : nodes[part]}</Fragment>);
}

/** t(key, params), with the parameters named in `isolated` rendered inside <bdi>. */
export function translateIsolated(t: Translate, key: MessageKey, params: Params, isolated: readonly string[]): ReactNode {
  const nodes: Record<string, ReactNode> = {};
  for (const name of isolated) nodes[name] = <bdi>{String(params[name] ?? '')}</bdi>;
  return translateNodes(t, key, params, nodes);
}
