// @vitest-environment jsdom
// useModalDialog, the one owner of the app's modal dialogs: it opens and closes the <dialog> with `open`, moves
// focus into it, closes on Escape and gives focus back to the opener. jsdom has no showModal, so the fallback (the
// `open` attribute, Escape handled by the hook) runs as it is; the native path runs with showModal/close stubbed
// the way browsers behave (close fires `close`; Escape is the browser's, not the hook's).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useModalDialog } from '../../src/ui/useModalDialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({ withInitialFocus = false, onClosed = () => undefined }: { withInitialFocus?: boolean; onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClosed();
    setOpen(false);
  };
  const dialog = useModalDialog({ open, onClose: close, ...(withInitialFocus && { initialFocus: (d: HTMLDialogElement) => d.querySelector<HTMLElement>('input') }) });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Opener
      </button>
      <dialog {...dialog} aria-label="Test dialog">
        <button type="button" onClick={close}>
          Close
        </button>
        <input aria-label="Field" />
      </dialog>
    </>
  );
}

const opener = () => screen.getByRole('button', { name: 'Opener' });
const dialogEl = () => document.querySelector('dialog') as HTMLDialogElement;

function openFromOpener(): void {
  opener().focus();
  fireEvent.click(opener());
}

describe('useModalDialog without showModal (the open attribute)', () => {
  test('opens with focus on the first focusable element, or on the initial focus target', () => {
    const { unmount } = render(<Harness />);
    expect(dialogEl().open).toBe(false);
    openFromOpener();
    expect(dialogEl().open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    unmount();
    render(<Harness withInitialFocus />);
    openFromOpener();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Field' }));
  });

  test('Escape closes it and focus goes back to the opener', () => {
    const closed = vi.fn();
    render(<Harness onClosed={closed} />);
    openFromOpener();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(closed).toHaveBeenCalledTimes(1);
    expect(dialogEl().open).toBe(false);
    expect(document.activeElement).toBe(opener());
  });

  test('a Close button closes it and focus goes back to the opener; other keys do nothing', () => {
    render(<Harness />);
    openFromOpener();
    fireEvent.keyDown(dialogEl(), { key: 'Enter' });
    expect(dialogEl().open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialogEl().open).toBe(false);
    expect(document.activeElement).toBe(opener());
  });

  test('focus the caller moved elsewhere on close stays there', () => {
    function Elsewhere() {
      const [open, setOpen] = useState(false);
      const dialog = useModalDialog({
        open,
        onClose: () => {
          setOpen(false);
          document.getElementById('other')?.focus();
        },
      });
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Opener
          </button>
          <button type="button" id="other">
            Other
          </button>
          <dialog {...dialog} aria-label="Test dialog">
            <button type="button">Inside</button>
          </dialog>
        </>
      );
    }
    render(<Elsewhere />);
    openFromOpener();
    fireEvent.keyDown(dialogEl(), { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Other' }));
  });
});

describe('useModalDialog with a native modal dialog', () => {
  function stubNative() {
    const proto = HTMLDialogElement.prototype as unknown as { showModal?: () => void; close?: () => void };
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    });
    proto.showModal = showModal;
    proto.close = close;
    return {
      showModal,
      close,
      restore: () => {
        delete proto.showModal;
        delete proto.close;
      },
    };
  }

  test('opens with showModal; the browser Escape (cancel, then close) closes it through onClose', () => {
    const native = stubNative();
    try {
      const closed = vi.fn();
      render(<Harness onClosed={closed} />);
      openFromOpener();
      expect(native.showModal).toHaveBeenCalledTimes(1);
      // the keydown itself is left to the browser
      fireEvent.keyDown(dialogEl(), { key: 'Escape' });
      expect(closed).not.toHaveBeenCalled();
      // what the browser does on Escape: close the dialog, then fire `close`
      act(() => {
        dialogEl().removeAttribute('open');
        dialogEl().dispatchEvent(new Event('close'));
      });
      expect(closed).toHaveBeenCalledTimes(1);
      expect(document.activeElement).toBe(opener());
    } finally {
      native.restore();
    }
  });

  test('closing from the caller calls close()', () => {
    const native = stubNative();
    try {
      render(<Harness />);
      openFromOpener();
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      expect(native.close).toHaveBeenCalledTimes(1);
      expect(dialogEl().open).toBe(false);
      expect(document.activeElement).toBe(opener());
    } finally {
      native.restore();
    }
  });
});
