import { ErrorPopup } from './ErrorPopup.tsx';
import { PromptModal } from './PromptModal.tsx';
import { dialogs, type DialogRequest } from './dialogStore.ts';

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
