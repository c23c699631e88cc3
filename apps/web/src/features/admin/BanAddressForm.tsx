import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TextField } from '../../shared/ui/TextField.tsx';
import { FormFooter, sendForm } from './FormFooter.tsx';
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
  const onValid = handleSubmit((body) =>
    sendForm(sanction.mutateAsync(body), setError, () => reset(blank)),
  );
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
          placeholder={T.addressExample}
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
        <FormFooter
          serverError={formState.errors.root?.server?.message}
          busy={formState.isSubmitting}
          label={T.ban}
          busyLabel={T.banning}
        />
      </form>
    </section>
  );
}
