import type { ReactNode, RefObject } from 'react';

export interface DisclosureToggleProps {
  /** From `useDisclosure`: whether the group shows, how to flip it, and the button's ref. */
  open: boolean;
  setOpen: (open: (open: boolean) => boolean) => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** The id of what it shows. */
  controls: string;
  className: string;
  children: ReactNode;
}

/** The button of a disclosure (`useDisclosure`): its label and a chevron. */
export function DisclosureToggle({
  open,
  setOpen,
  toggleRef,
  controls,
  className,
  children,
}: DisclosureToggleProps) {
  return (
    <button
      ref={toggleRef}
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpen((o) => !o)}
    >
      {children}
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path
          d="M4 6l4 4 4-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
