/**
 * The player's keyboard map (README.md), as a pure function so it can be tested without a browser.
 *
 * Contract: `keyAction(key, modifiers, target)` returns the action a key press means, or null to leave the event
 * alone. Keys only act while the player has focus (the caller listens on the player's root). Native controls keep
 * their own keys: a select or text field keeps everything but `?`, a radio keeps its arrows and space, a button or
 * checkbox keeps space and Enter. On the Frame slider our map wins, so arrows and Home/End mean the same
 * everywhere.
 */
export type KeyAction =
  | { kind: 'toggle' }
  | { kind: 'step'; delta: 1 | -1 }
  | { kind: 'turn'; delta: 1 | -1 }
  | { kind: 'marker'; delta: 1 | -1 }
  | { kind: 'home' }
  | { kind: 'end' }
  | { kind: 'jump'; fraction: number }
  | { kind: 'help' };

export type KeyTarget = 'slider' | 'text' | 'radio' | 'button' | 'other';

export interface Modifiers {
  shift: boolean;
  ctrl: boolean;
  alt: boolean;
  meta: boolean;
}

export function keyAction(key: string, mod: Modifiers, target: KeyTarget): KeyAction | null {
  if (mod.ctrl || mod.alt || mod.meta) return null;
  if (key === '?') return { kind: 'help' };
  if (target === 'text') return null;
  const arrows = key === 'ArrowLeft' || key === 'ArrowRight';
  if (target === 'radio' && (arrows || key === 'ArrowUp' || key === 'ArrowDown' || key === ' ')) return null;
  if (target === 'button' && (key === ' ' || key === 'Enter')) return null;
  if (key === ' ') return { kind: 'toggle' };
  if (arrows) {
    const delta = key === 'ArrowLeft' ? -1 : 1;
    return mod.shift ? { kind: 'turn', delta } : { kind: 'step', delta };
  }
  if (key === '[') return { kind: 'marker', delta: -1 };
  if (key === ']') return { kind: 'marker', delta: 1 };
  if (key === 'Home') return { kind: 'home' };
  if (key === 'End') return { kind: 'end' };
  if (/^[0-9]$/.test(key)) return { kind: 'jump', fraction: Number(key) / 10 };
  return null;
}

/** Classifies a DOM element for `keyAction`. */
export function keyTargetOf(el: Element | null): KeyTarget {
  if (!el) return 'other';
  const tag = el.tagName;
  if (tag === 'SELECT' || tag === 'TEXTAREA' || (el as HTMLElement).isContentEditable) return 'text';
  if (tag === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    if (type === 'range') return 'slider';
    if (type === 'radio') return 'radio';
    if (type === 'checkbox' || type === 'button' || type === 'submit' || type === 'file') return 'button';
    return 'text';
  }
  if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY' || el.getAttribute('role') === 'button') return 'button';
  return 'other';
}
