import { zodResolver } from '@hookform/resolvers/zod';
import { AdminText, LimitSettingsSchema, type LimitSettings } from '@atrium/protocol';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/client.ts';
import { notifySuccess } from '../../../shared/toast/toast.ts';
import { FormAlert } from '../../../shared/ui/FormAlert.tsx';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { TextField } from '../../../shared/ui/TextField.tsx';
import { changedFields } from './domains.ts';
import { AccessText as T, limitFields } from './texts.ts';
import { useAccessMutations } from './useAccess.ts';

const schemaResolver = zodResolver(LimitSettingsSchema);

/**
 * The contract's `LimitSettingsSchema` over the form. An empty or non-numeric field reaches it as
 * NaN, for which zod's own words ("expected number, received NaN") mean nothing to an admin.
 */
const limitsResolver: typeof schemaResolver = async (...args) => {
  const result = await schemaResolver(...args);
  for (const error of Object.values(result.errors)) {
    if (error?.type === 'invalid_type') error.message = T.wholeNumber;
  }
  return result;
};

/** The account limits: how often one address or one mailbox may sign up, recover or sign in. */
export function LimitsForm({ limits }: { limits: LimitSettings }) {
  const { saveLimits } = useAccessMutations();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: limitsResolver,
    defaultValues: limits,
  });
  const onValid = handleSubmit(async (values) => {
    const body = changedFields(formState.defaultValues as LimitSettings, values);
    if (Object.keys(body).length === 0) {
      setError('root.server', { message: AdminText.nothingToUpdate });
      return;
    }
    try {
      reset(await saveLimits.mutateAsync(body));
      notifySuccess(AdminText.updated);
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  });
  const serverError = formState.errors.root?.server?.message;
  return (
    <form className="access-form" noValidate onSubmit={(e) => void onValid(e)}>
      <div className="access-limits">
        {limitFields.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            hint={field.hint}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className="access-limits__input"
            error={formState.errors[field.name]?.message}
            {...register(field.name, { valueAsNumber: true })}
          />
        ))}
      </div>
      {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
      <div>
        <SubmitButton busy={formState.isSubmitting} busyLabel={T.saving}>
          {T.save}
        </SubmitButton>
      </div>
    </form>
  );
}
