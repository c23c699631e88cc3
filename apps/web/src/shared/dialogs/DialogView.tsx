import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorPopup } from './ErrorPopup.tsx';
import { PromptModal } from './PromptModal.tsx';
import { CONFIRMED, dialogs, type DialogRequest } from './dialogStore.ts';

/** The dialog for one queued request. */
export function DialogView({ request }: { request: DialogRequest }) {
  switch (request.kind) {
    case 'prompt':
      return (
        <PromptModal
          key={request.id}
          options={request.options}
          onSettle={(answer) => dialogs.settle(request.id, answer)}
        />
      );
    case 'confirm':
      return (
        <ConfirmDialog
          key={request.id}
          options={request.options}
          onSettle={(confirmed) => dialogs.settle(request.id, confirmed ? CONFIRMED : null)}
        />
      );
    case 'error':
      return (
        <ErrorPopup
          key={request.id}
          options={request.options}
          onDismiss={() => dialogs.settle(request.id, null)}
        />
      );
    default: {
      const unhandled: never = request;
      throw new Error(`Unknown dialog: ${JSON.stringify(unhandled)}`);
    }
  }
}
