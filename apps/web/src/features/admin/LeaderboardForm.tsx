import { zodResolver } from '@hookform/resolvers/zod';
import { LeaderboardEntryParamsSchema, MinigameApi } from '@atrium/protocol';
import type { DartsMode } from '@atrium/protocol';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useApi } from '../../shared/api/useApi.ts';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { FieldFrame } from '../../shared/ui/FieldFrame.tsx';
import { TextField } from '../../shared/ui/TextField.tsx';
import { FormFooter, sendForm } from './FormFooter.tsx';
import { AdminUiText as T } from './texts.ts';

const modeLabels: Record<DartsMode, string> = {
  '501': '501',
  'around-the-clock': 'Around the Clock',
};

interface Values {
  mode: DartsMode;
  username: string;
}

/**
 * Removes a player's entry (every win of theirs in one mode) from a darts leaderboard, as
 * `npm run admin -- leaderboard remove` does; the plaza board redraws on every process.
 */
export function LeaderboardForm() {
  const titleId = useId();
  const client = useApi();
  const dialogs = useDialogs();
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(LeaderboardEntryParamsSchema),
    defaultValues: { mode: '501', username: '' },
  });
  const onValid = handleSubmit(async (params) => {
    const confirmed = await dialogs.confirm({
      title: T.leaderboardConfirmTitle(params.username, modeLabels[params.mode]),
      message: T.leaderboardConfirmMessage,
      confirmLabel: T.leaderboardRemove,
    });
    if (!confirmed) return;
    await sendForm(
      client
        .call(MinigameApi.removeEntry, { params })
        .then(({ data }) => T.leaderboardRemoved(data.username, data.removed)),
      setError,
      () => reset({ mode: params.mode, username: '' }),
    );
  });
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-section__title">
        {T.leaderboardTitle}
      </h2>
      <p className="admin-muted">{T.leaderboardIntro}</p>
      <form className="admin-ban__form" onSubmit={(e) => void onValid(e)} noValidate>
        <FieldFrame label={T.leaderboardMode} error={formState.errors.mode?.message}>
          {(field) => (
            <select className="field__input" {...field} {...register('mode')}>
              {Object.entries(modeLabels).map(([mode, label]) => (
                <option key={mode} value={mode}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <TextField
          label={T.username}
          autoComplete="off"
          spellCheck={false}
          error={formState.errors.username?.message}
          {...register('username')}
        />
        <FormFooter
          serverError={formState.errors.root?.server?.message}
          busy={formState.isSubmitting}
          label={T.leaderboardRemove}
          busyLabel={T.applying}
        />
      </form>
    </section>
  );
}
