// One owner for the app's modal <dialog>s (keyboard help, share, paste). The caller keeps `open` in its state and
// spreads the returned props on its <dialog>:
// - `open` true: the dialog opens with showModal() (where that is missing, as in jsdom, with the `open` attribute)
//   and focus moves into it: to `initialFocus(dialog)` when given, else to its first focusable element unless focus
//   is inside already.
// - `open` false: the dialog closes and focus goes back to the element that had it before opening, unless the
//   caller's onClose has put it somewhere else meanwhile.
// - Escape: a native modal dialog closes itself and fires `close`, which calls onClose; without showModal the hook
//   handles Escape itself. The Close buttons call onClose (or submit a <form method="dialog">, which closes it).
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

export interface ModalDialogOptions {
  open: boolean;
  /** Called when the dialog asks to close (Escape, a form method="dialog"); the caller sets `open` to false. */
  onClose: () => void;
  /** Where focus goes on open (default: the first focusable element inside). */
  initialFocus?: (dialog: HTMLDialogElement) => HTMLElement | null | undefined;
  /** Called each time the dialog opens, just before it is shown. */
  onOpen?: () => void;
}

export interface ModalDialogProps {
  ref: RefObject<HTMLDialogElement | null>;
  onClose: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLDialogElement>) => void;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export function useModalDialog({ open, onClose, initialFocus, onOpen }: ModalDialogOptions): ModalDialogProps {
  const ref = useRef<HTMLDialogElement>(null);
  /** The element focused before the dialog opened. */
  const opener = useRef<HTMLElement | null>(null);
  /** Whether it was opened with showModal (then the browser handles Escape). */
  const native = useRef(false);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      const active = d.ownerDocument.activeElement;
      opener.current = active instanceof HTMLElement && active !== d.ownerDocument.body ? active : null;
      onOpen?.();
      native.current = typeof d.showModal === 'function';
      if (native.current) d.showModal();
      else d.setAttribute('open', '');
      const inside = d.contains(d.ownerDocument.activeElement);
      const target = initialFocus ? initialFocus(d) : inside ? null : d.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
    } else if (!open) {
      if (d.open) {
        if (native.current && typeof d.close === 'function') d.close();
        else d.removeAttribute('open');
      }
      const back = opener.current;
      opener.current = null;
      const active = d.ownerDocument.activeElement;
      if (back?.isConnected && (!active || active === d.ownerDocument.body || d.contains(active))) back.focus();
    }
  }, [open, initialFocus, onOpen]);

  const close = useCallback(() => onClose(), [onClose]);
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDialogElement>) => {
      if (e.key !== 'Escape' || native.current || !ref.current?.open) return;
      e.preventDefault();
      onClose();
    },
    [onClose],
  );
  return { ref, onClose: close, onKeyDown };
}
