// @vitest-environment jsdom
// AfterFirstPaint keeps its children out of the frame it first mounts in (their code is not requested before the
// page's first paint), shows them right after that frame, and keeps them.
import { afterEach, describe, expect, test } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { AfterFirstPaint } from '../../src/ui/shell/AfterFirstPaint';

afterEach(cleanup);

describe('AfterFirstPaint', () => {
  test('renders nothing in the first frame, its children after it, and keeps them', async () => {
    const { rerender } = render(
      <AfterFirstPaint>
        <p>below the fold</p>
      </AfterFirstPaint>,
    );
    expect(screen.queryByText('below the fold')).toBeNull();
    await act(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(() => setTimeout(r, 0), 0))));
    expect(screen.getByText('below the fold')).toBeTruthy();
    rerender(
      <AfterFirstPaint>
        <p>next session</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText('next session')).toBeTruthy();
  });
});
