import type { Ref } from 'react';

/** One button of a screen's row: the first is usually the primary one. */
export interface RowButton {
  label: string;
  onClick: () => void;
  primary?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
}

/** The row of buttons at the foot of each darts screen; `false` leaves a button out. */
export function ButtonRow({ buttons }: { buttons: (RowButton | false)[] }) {
  return (
    <div className="button-row">
      {buttons.map(
        (button) =>
          button && (
            <button
              key={button.label}
              ref={button.buttonRef}
              type="button"
              className={`button ${button.primary ? 'button--primary' : 'button--secondary'}`}
              onClick={button.onClick}
            >
              {button.label}
            </button>
          ),
      )}
    </div>
  );
}
