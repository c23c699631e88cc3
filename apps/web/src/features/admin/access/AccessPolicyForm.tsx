import { zodResolver } from '@hookform/resolvers/zod';
import { AccessPolicySchema, AdminText, type AccessPolicy } from '@atrium/protocol';
import { useId, useState } from 'react';
import { useController, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/client.ts';
import { notifySuccess } from '../../../shared/toast/toast.ts';
import { FormAlert } from '../../../shared/ui/FormAlert.tsx';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { addDomains, changedFields } from './domains.ts';
import { DomainList } from './DomainList.tsx';
import { AccessText as T } from './texts.ts';
import { useAccessMutations } from './useAccess.ts';

interface SettingCheckboxProps {
  label: string;
  hint: string;
  input: UseFormRegisterReturn;
}

/** A yes/no setting: its checkbox, then one line on what it does. */
function SettingCheckbox({ label, hint, input }: SettingCheckboxProps) {
  const hintId = useId();
  return (
    <div className="access-check">
      <label className="checkbox">
        <input type="checkbox" aria-describedby={hintId} {...input} />
        {label}
      </label>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
    </div>
  );
}

/**
 * Sign-up and guests: whether anyone may register, at which mail domains, and whether guests may
 * enter. Checked with the contract's `AccessPolicySchema`; only what changed is sent.
 */
export function AccessPolicyForm({ policy }: { policy: AccessPolicy }) {
  const { savePolicy } = useAccessMutations();
  const { register, handleSubmit, setError, reset, control, formState, getValues } = useForm({
    resolver: zodResolver(AccessPolicySchema),
    defaultValues: policy,
  });
  const domains = useController({ control, name: 'email_domains' });
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);

  const addDraft = (): boolean => {
    if (draft.trim() === '') return true;
    const added = addDomains(getValues('email_domains'), draft);
    if (!added.ok) {
      setDraftError(added.message);
      return false;
    }
    domains.field.onChange(added.domains);
    setDraft('');
    setDraftError(null);
    return true;
  };

  const onValid = handleSubmit(async (values) => {
    const body = changedFields(formState.defaultValues as AccessPolicy, values);
    if (Object.keys(body).length === 0) {
      setError('root.server', { message: AdminText.nothingToUpdate });
      return;
    }
    try {
      const saved = await savePolicy.mutateAsync(body);
      reset(saved);
      notifySuccess(AdminText.updated);
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  });

  const domainErrors = formState.errors.email_domains;
  const listError = domainErrors?.message ?? domainErrors?.root?.message;
  const serverError = formState.errors.root?.server?.message;
  return (
    <form
      className="access-form"
      noValidate
      onSubmit={(e) => {
        // A domain typed but not added yet is added first, or refused with the schema's words.
        if (!addDraft()) {
          e.preventDefault();
          return;
        }
        void onValid(e);
      }}
    >
      <SettingCheckbox
        label={T.selfRegistration}
        hint={T.selfRegistrationHint}
        input={register('self_registration')}
      />
      <DomainList
        domains={domains.field.value}
        errors={domains.field.value.map((_, i) => domainErrors?.[i]?.message)}
        listError={listError}
        draft={draft}
        draftError={draftError}
        onDraft={(value) => {
          setDraft(value);
          setDraftError(null);
        }}
        onAdd={addDraft}
        onRemove={(domain) =>
          domains.field.onChange(domains.field.value.filter((d) => d !== domain))
        }
      />
      <SettingCheckbox label={T.guests} hint={T.guestsHint} input={register('guests')} />
      {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
      <div>
        <SubmitButton busy={formState.isSubmitting} busyLabel={T.saving}>
          {T.save}
        </SubmitButton>
      </div>
    </form>
  );
}
