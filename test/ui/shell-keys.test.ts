import { describe, expect, test } from 'vitest';
import { keyAction, type KeyTarget } from '../../src/ui/shell/keys';

const none = { shift: false, ctrl: false, alt: false, meta: false };
const shift = { ...none, shift: true };

describe('the keyboard map (README.md)', () => {
  test('on the slider or the player itself', () => {
    for (const target of ['slider', 'other'] as KeyTarget[]) {
      expect(keyAction(' ', none, target)).toEqual({ kind: 'toggle' });
      expect(keyAction('ArrowLeft', none, target)).toEqual({ kind: 'step', delta: -1 });
      expect(keyAction('ArrowRight', none, target)).toEqual({ kind: 'step', delta: 1 });
      expect(keyAction('ArrowLeft', shift, target)).toEqual({ kind: 'turn', delta: -1 });
      expect(keyAction('ArrowRight', shift, target)).toEqual({ kind: 'turn', delta: 1 });
      expect(keyAction('[', none, target)).toEqual({ kind: 'marker', delta: -1 });
      expect(keyAction(']', none, target)).toEqual({ kind: 'marker', delta: 1 });
      expect(keyAction('Home', none, target)).toEqual({ kind: 'home' });
      expect(keyAction('End', none, target)).toEqual({ kind: 'end' });
      expect(keyAction('?', shift, target)).toEqual({ kind: 'help' });
    }
  });

  test('digits jump to 0-90 %', () => {
    expect([...'0123456789'].map((d) => keyAction(d, none, 'slider'))).toEqual(
      [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((fraction) => ({ kind: 'jump', fraction })),
    );
  });

  test('native controls keep their own keys', () => {
    expect(keyAction('ArrowDown', none, 'text')).toBeNull();
    expect(keyAction('5', none, 'text')).toBeNull();
    expect(keyAction(' ', none, 'text')).toBeNull();
    expect(keyAction('?', shift, 'text')).toEqual({ kind: 'help' });
    expect(keyAction('ArrowLeft', none, 'radio')).toBeNull();
    expect(keyAction(' ', none, 'radio')).toBeNull();
    expect(keyAction(']', none, 'radio')).toEqual({ kind: 'marker', delta: 1 });
    expect(keyAction(' ', none, 'button')).toBeNull();
    expect(keyAction('Enter', none, 'button')).toBeNull();
    expect(keyAction('ArrowRight', none, 'button')).toEqual({ kind: 'step', delta: 1 });
  });

  test('browser and OS shortcuts are left alone', () => {
    expect(keyAction('ArrowLeft', { ...none, alt: true }, 'other')).toBeNull();
    expect(keyAction('5', { ...none, ctrl: true }, 'other')).toBeNull();
    expect(keyAction('[', { ...none, meta: true }, 'other')).toBeNull();
    expect(keyAction('a', none, 'other')).toBeNull();
    expect(keyAction('F5', none, 'other')).toBeNull();
  });
});
