import { useEffect, useRef, type ReactNode } from 'react';

export interface BoxHeadingProps {
  id: string;
  /** Focus the heading when it appears (the box changed after something the user did). */
  focusOnMount: boolean;
  children: ReactNode;
}

/** The heading of a home box; takes focus when the box replaces another, so screen readers follow. */
export function BoxHeading({ id, focusOnMount, children }: BoxHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h2 ref={ref} id={id} className="account-card__title" tabIndex={-1}>
      {children}
    </h2>
  );
}
