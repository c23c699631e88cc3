import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode, type RefObject } from 'react';
import { ShellText } from '../texts.ts';
import '../dialogs/dialogs.css';
import './PopupShell.css';

/** SPEC §9: the default popup z-index. */
export const POPUP_Z_INDEX = 100002;

export interface PopupShellProps {
  open: boolean;
  /** Escape, a click outside (unless `modal`), or the corner close button. */
  onDismiss: () => void;
  /** Extra classes on the content, e.g. `popup--wide`. */
  className?: string;
  /** `alertdialog` for warnings that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Keeps the popup open on a click outside it. */
  modal?: boolean;
  /** Shows an × in the corner. */
  closeButton?: boolean;
  /** Set false when the popup has no `Dialog.Description`. */
  described?: boolean;
  zIndex?: number;
  /** Where focus starts; the first focusable element when not given. */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes on close when what had it before the popup is gone (the popup opened by
   * itself, or its opener went away): the control a person would go on with.
   */
  afterClose?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** The elements around `element`, nearest first, up to the body. */
function parentsOf(element: HTMLElement | null): HTMLElement[] {
  const parents: HTMLElement[] = [];
  if (!element || element === element.ownerDocument.body) return parents;
  for (let p = element.parentElement; p && p !== p.ownerDocument.body; p = p.parentElement) {
    parents.push(p);
  }
  return parents;
}

/**
 * When the control that opened a popup went away with it (Join replaced the join form), the
 * first control still standing where it was: the closest surviving part of the page around it.
 */
function nextControl(parents: readonly HTMLElement[]): HTMLElement | null {
  const place = parents.find((p) => p.isConnected);
  if (!place) return null;
  const controls = place.querySelectorAll<HTMLElement>(
    'a[href], button, input, select, textarea, [tabindex]',
  );
  return (
    [...controls].find(
      (c) => c.tabIndex >= 0 && !c.matches(':disabled') && c.getClientRects().length > 0,
    ) ?? null
  );
}

/**
 * The frame every metaverse popup shares: a Radix dialog (focus trap, Escape, labelling) styled
 * like the app's dialogs, at the spec's popup z-index. The popups open from code rather than from
 * a `Dialog.Trigger`, so the frame returns focus to wherever it was when the popup opened.
 */
export function PopupShell({
  open,
  onDismiss,
  className,
  role = 'dialog',
  modal = false,
  closeButton = false,
  described = true,
  zIndex = POPUP_Z_INDEX,
  initialFocus,
  afterClose,
  children,
}: PopupShellProps) {
  const originRef = useRef<HTMLElement | null>(null);
  const originParents = useRef<HTMLElement[]>([]);

  const handleOpenChange = (next: boolean) => {
    if (!next) onDismiss();
  };

  const handleOpenAutoFocus = (event: Event) => {
    // Radix asks before moving focus in, so this is still the element that opened the popup.
    originRef.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    originParents.current = parentsOf(originRef.current);
    if (initialFocus?.current) {
      event.preventDefault();
      initialFocus.current.focus();
    }
  };

  const handleCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    const origin = originRef.current;
    originRef.current = null;
    // The page already put focus somewhere (the world took its keys back): leave it there.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    // Back to what opened the popup; if that is gone (Join replaced the join form) or nothing had
    // focus (the popup opened by itself), to the control a person would go on with.
    if (origin?.isConnected && origin !== origin.ownerDocument.body) origin.focus();
    else (afterClose?.current ?? nextControl(originParents.current))?.focus();
  };

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay popup-overlay" style={{ zIndex }} />
        <Dialog.Content
          className={['dialog', 'popup', className].filter(Boolean).join(' ')}
          style={{ zIndex }}
          role={role}
          onOpenAutoFocus={handleOpenAutoFocus}
          onCloseAutoFocus={handleCloseAutoFocus}
          onPointerDownOutside={modal ? (event) => event.preventDefault() : undefined}
          {...(described ? {} : { 'aria-describedby': undefined })}
        >
          {children}
          {closeButton && (
            <Dialog.Close className="popup__close" aria-label={ShellText.close}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
