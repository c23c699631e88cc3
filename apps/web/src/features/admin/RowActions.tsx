import { useId } from 'react';
import { DisclosureToggle } from '../../shared/ui/DisclosureToggle.tsx';
import { useDisclosure } from '../../shared/ui/useDisclosure.ts';
import { AdminUiText as T } from './texts.ts';

export interface RowAction {
  label: string;
  /** Drawn in the danger colour (delete). */
  danger?: boolean;
  run: () => void;
}

export interface RowActionsProps {
  /** Whose row it is, for the button's accessible name. */
  name: string;
  actions: readonly RowAction[];
}

/**
 * A row's "Actions" button and the list it opens, in the row itself (a table that scrolls would
 * clip a floating menu). Choosing one closes the list and puts focus back on the button first, so
 * the dialog the action opens hands focus back there when it closes.
 */
export function RowActions({ name, actions }: RowActionsProps) {
  const { open, setOpen, containerRef, toggleRef, onKeyDown } = useDisclosure<HTMLDivElement>();
  const listId = useId();
  const choose = (action: RowAction) => {
    setOpen(false);
    toggleRef.current?.focus();
    action.run();
  };
  return (
    <div ref={containerRef} className="admin-actions" onKeyDown={onKeyDown}>
      <DisclosureToggle
        open={open}
        setOpen={setOpen}
        toggleRef={toggleRef}
        controls={listId}
        className="button button--secondary admin-button--small admin-actions__toggle"
      >
        {T.actions}
        <span className="visually-hidden"> {T.forName(name)}</span>
      </DisclosureToggle>
      <ul
        id={listId}
        className="admin-actions__list"
        hidden={!open}
        aria-label={T.actionsFor(name)}
      >
        {actions.map((action) => (
          <li key={action.label}>
            <button
              type="button"
              className={
                action.danger
                  ? 'admin-actions__item admin-actions__item--danger'
                  : 'admin-actions__item'
              }
              onClick={() => choose(action)}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
