import { zodResolver } from '@hookform/resolvers/zod';
import { AdminText, WalletSettingsSchema, type WalletSettings } from '@atrium/protocol';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/client.ts';
import { notifySuccess } from '../../../shared/toast/toast.ts';
import { FormAlert } from '../../../shared/ui/FormAlert.tsx';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { AccessText as T, audienceOptions } from './texts.ts';
import { useAccessMutations } from './useAccess.ts';

/** The wallet's audience: school (plain words, no native coin) or public (the whole wallet). */
export function WalletForm({ wallet }: { wallet: WalletSettings }) {
  const id = useId();
  const { saveWallet } = useAccessMutations();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(WalletSettingsSchema),
    defaultValues: wallet,
  });
  const onValid = handleSubmit(async (values) => {
    if (values.audience === formState.defaultValues?.audience) {
      setError('root.server', { message: AdminText.nothingToUpdate });
      return;
    }
    try {
      reset(await saveWallet.mutateAsync(values));
      notifySuccess(AdminText.updated);
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  });
  const serverError = formState.errors.root?.server?.message;
  const audienceError = formState.errors.audience?.message;
  return (
    <form className="access-form" noValidate onSubmit={(e) => void onValid(e)}>
      <fieldset className="access-choice">
        <legend className="field__label">{T.audience}</legend>
        {audienceOptions.map((option) => (
          <div key={option.value} className="access-choice__option">
            <input
              id={`${id}-${option.value}`}
              type="radio"
              value={option.value}
              aria-describedby={`${id}-${option.value}-hint`}
              {...register('audience')}
            />
            <label htmlFor={`${id}-${option.value}`} className="access-choice__label">
              {option.label}
            </label>
            <p id={`${id}-${option.value}-hint`} className="field__hint access-choice__hint">
              {option.hint}
            </p>
          </div>
        ))}
        {audienceError && <p className="field__error">{audienceError}</p>}
      </fieldset>
      {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
      <div>
        <SubmitButton busy={formState.isSubmitting} busyLabel={T.saving}>
          {T.save}
        </SubmitButton>
      </div>
    </form>
  );
}
