import {
  createContext,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { joinClasses } from '../internal/class-names.ts';
import '../theme/theme.css';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  /** Escape, the close button and a click on the backdrop call it; the parent sets `open`. */
  onClose: () => void;
  /** Heading that names the dialog (aria-labelledby). */
  title?: ReactNode;
  /** Id of the element that names the dialog when there is no `title`. */
  labelledBy?: string;
  /** Id of the element that describes the dialog (aria-describedby). */
  describedBy?: string;
  children: ReactNode;
  /** Buttons under the content, aligned right. */
  footer?: ReactNode;
  /** Width in CSS pixels or any CSS length (the settlement dialog is 768); 480 by default. */
  width?: number | string;
  /** Shows a × button in the header; true by default. */
  showCloseButton?: boolean;
  /** Accessible name of the × button; 'Close' unless translated. */
  closeLabel?: string;
  /** Close on a click outside the dialog; true by default. */
  closeOnBackdropClick?: boolean;
  /** Element focused on open; the first focusable element (or the dialog) otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const focusableIn = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert]'),
  );

/** Nesting depth of a dialog: a dialog opened from inside another one is on top of it. */
const DialogDepth = createContext(0);

/** Open dialogs; only the top one (deepest, then latest) answers Escape and keeps the focus. */
const openDialogs: { element: HTMLElement; depth: number }[] = [];
let bodyOverflow = '';

const isTopDialog = (element: HTMLElement): boolean => {
  let top: (typeof openDialogs)[number] | undefined;
  for (const dialog of openDialogs) if (!top || dialog.depth >= top.depth) top = dialog;
  return top?.element === element;
};

/**
 * Modal dialog rendered in a portal on document.body: role="dialog", aria-modal, named by its
 * title. Focus moves inside on open, Tab and Shift+Tab cycle within it, Escape calls `onClose`,
 * and focus returns to the element that had it before opening.
 */
export const Dialog = (props: DialogProps) =>
  props.open && typeof document !== 'undefined'
    ? createPortal(<DialogPanel {...props} />, document.body)
    : null;

const DialogPanel = ({
  onClose,
  title,
  labelledBy,
  describedBy,
  children,
  footer,
  width = 480,
  showCloseButton = true,
  closeLabel = 'Close',
  closeOnBackdropClick = true,
  initialFocusRef,
  className,
}: DialogProps) => {
  const panel = useRef<HTMLDivElement>(null);
  const depth = useContext(DialogDepth) + 1;
  // The element focused before the dialog (and any dialog inside it) took the focus.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const titleId = `${useId()}title`;
  const latestOnClose = useRef(onClose);
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    latestOnClose.current = onClose;
  });

  // Focus in on open, back to the opener on close; lock the page scroll while open.
  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    if (openDialogs.length === 0) {
      bodyOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    const entry = { element, depth };
    openDialogs.push(entry);
    if (isTopDialog(element)) {
      (initialFocusRef?.current ?? focusableIn(element)[0] ?? element).focus();
    }
    return () => {
      openDialogs.splice(openDialogs.indexOf(entry), 1);
      if (openDialogs.length === 0) document.body.style.overflow = bodyOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocusRef, depth, opener]);

  // Escape and the Tab trap, for the innermost open dialog only.
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const isTop = () => isTopDialog(element);
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop() || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        latestOnClose.current();
      } else if (event.key === 'Tab') {
        const focusables = focusableIn(element);
        const first = focusables[0];
        const last = focusables[focusables.length - 1];
        const active = document.activeElement;
        if (!first || !last) {
          event.preventDefault();
          element.focus();
        } else if (event.shiftKey && (active === first || !element.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !element.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !element.contains(event.target)) {
        (focusableIn(element)[0] ?? element).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (closeOnBackdropClick && pressedOnBackdrop.current && event.target === event.currentTarget) {
      onClose();
    }
    pressedOnBackdrop.current = false;
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut; Escape and the close button are the accessible ways out
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document
    <div
      className="pg-dialog__backdrop"
      onMouseDown={onBackdropMouseDown}
      onClick={onBackdropClick}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title !== undefined ? titleId : labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={joinClasses('pg-dialog', className)}
        style={{ width: typeof width === 'number' ? `${width}px` : width }}
      >
        {(title !== undefined || showCloseButton) && (
          <div className="pg-dialog__header">
            {title !== undefined && (
              <h2 id={titleId} className="pg-dialog__title">
                {title}
              </h2>
            )}
            {showCloseButton && (
              <button
                type="button"
                aria-label={closeLabel}
                onClick={onClose}
                className="pg-dialog__close pg-focusable"
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
        )}
        <div className="pg-dialog__body">
          <DialogDepth.Provider value={depth}>{children}</DialogDepth.Provider>
        </div>
        {footer && <div className="pg-dialog__footer">{footer}</div>}
      </div>
    </div>
  );
};
