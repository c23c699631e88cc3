import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/** A dialog is open over the page (one the disclosed controls opened, or any other). */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

export interface Disclosure<T extends HTMLElement> {
  open: boolean;
  setOpen: (open: boolean | ((open: boolean) => boolean)) => void;
  /** On the element holding both the toggle and what it shows. */
  containerRef: RefObject<T | null>;
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** On the container: Escape closes and hands focus back to the toggle. */
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * A button that shows and hides a group of controls (the folded navigation, the world's toolbar
 * on a narrow window). A click elsewhere closes it, except while a dialog is open: the controls
 * open dialogs, and a dialog hands focus back to the control that opened it when it closes.
 */
export function useDisclosure<T extends HTMLElement>(): Disclosure<T> {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<T>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (containerRef.current?.contains(event.target as Node) || dialogOpen()) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
    // A dialog a control opened sits in a portal, yet its keys bubble here through React: its
    // Escape is its own.
    if (!containerRef.current?.contains(event.target as Node)) return;
    event.stopPropagation();
    setOpen(false);
    toggleRef.current?.focus();
  };

  return { open, setOpen, containerRef, toggleRef, onKeyDown };
}
