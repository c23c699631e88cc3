import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../shared/api/client.ts';
import { notifySuccess } from '../../shared/toast/toast.ts';
import { FormAlert } from '../../shared/ui/FormAlert.tsx';
import { SubmitButton } from '../../shared/ui/SubmitButton.tsx';
import { TextField } from '../../shared/ui/TextField.tsx';
import { SanctionFields } from './SanctionFields.tsx';
import { sanctionResolver, type SanctionFormValues } from './sanctionForm.ts';
import { AdminUiText as T } from './texts.ts';
import { useAdminMutations } from './useAdmin.ts';

const blank: SanctionFormValues = {
  kind: 'ban',
  address: '',
  minutes: '',
  forGood: false,
  reason: '',
};

/** Bans a guest's network address, for some minutes or for good. */
export function BanAddressForm() {
  const titleId = useId();
  const { sanction } = useAdminMutations();
  const { register, handleSubmit, setError, reset, control, formState } = useForm({
    resolver: sanctionResolver({ address: true }),
    defaultValues: blank,
  });
  const forGood = useWatch({ control, name: 'forGood' });
  const onValid = handleSubmit(async (body) => {
    try {
      notifySuccess(await sanction.mutateAsync(body));
      reset(blank);
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  });
  const serverError = formState.errors.root?.server?.message;
  return (
    <section className="admin-section admin-ban" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-section__title">
        {T.banAddress}
      </h2>
      <p className="admin-muted">{T.banAddressIntro}</p>
      <form className="admin-ban__form" onSubmit={(e) => void onValid(e)} noValidate>
        <TextField
          label={T.address}
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          placeholder="203.0.113.7"
          error={formState.errors.address?.message}
          {...register('address')}
        />
        <SanctionFields
          register={register}
          errors={formState.errors}
          kind="ban"
          forGood={forGood}
          chooseKind={false}
        />
        {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
        <div>
          <SubmitButton busy={formState.isSubmitting} busyLabel={T.banning}>
            {T.ban}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
