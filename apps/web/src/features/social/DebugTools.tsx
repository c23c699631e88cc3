import { EmoteSchema } from '@atrium/protocol';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import type { SocialActions } from './socialState.ts';
import { SocialUiText as T } from './texts.ts';

/**
 * SPEC §2 debug buttons: development builds only (the server refuses the ping outside
 * development mode too), and only behind the `12345` flag in the page's address.
 */
export function debugToolsEnabled(dev: boolean, search: string): boolean {
  return dev && [...new URLSearchParams(search).values()].includes('12345');
}

/** The four prompts; an empty answer does nothing (SPEC §5). */
export function DebugTools({ actions }: { actions: SocialActions }) {
  const { prompt } = useDialogs();
  const ask = async (title: string) => {
    const answer = await prompt({ title, description: T.debugPrompt, label: T.addFriendLabel });
    const username = answer?.trim() ?? '';
    return username === '' ? null : username;
  };
  const tools: Array<[string, (username: string) => Promise<void>]> = [
    [T.debugAddFriend, actions.addFriend],
    [T.debugCall, actions.call],
    [
      T.debugRequestAction,
      async (username) => {
        const action = await prompt({
          title: T.chooseAction,
          description: '',
          label: T.chooseAction,
          defaultValue: 'waving',
        });
        const parsed = EmoteSchema.safeParse(action?.trim());
        if (parsed.success) await actions.requestAction(username, parsed.data);
      },
    ],
    [T.debugPing, actions.ping],
  ];
  return (
    <section className="social-debug" aria-label={T.debugTitle}>
      <h3 className="social-form__label">{T.debugTitle}</h3>
      <div className="social-row__actions">
        {tools.map(([label, run]) => (
          <button
            key={label}
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              void ask(label).then((username) => (username ? run(username) : undefined));
            }}
          >
            {label}
          </button>
        ))}
      </div>
    </section>
  );
}
