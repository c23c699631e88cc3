import { useForm, useWatch } from 'react-hook-form';
import { AdminDialog } from './AdminDialog.tsx';
import { FormFooter, sendForm } from './FormFooter.tsx';
import { SanctionFields } from './SanctionFields.tsx';
import { sanctionResolver, type SanctionFormValues } from './sanctionForm.ts';
import { AdminUiText as T } from './texts.ts';
import { useAdminMutations } from './useAdmin.ts';

export interface SanctionDialogProps {
  person: { id: string; username: string };
  /** Set when acting on a report: the sanction is tied to it. */
  reportId?: number;
  onClose: () => void;
}

const blank: SanctionFormValues = {
  kind: 'warn',
  address: '',
  minutes: '',
  forGood: false,
  reason: '',
};

/** Warn, mute, kick or ban one person: one dialog, from People or from a report. */
export function SanctionDialog({ person, reportId, onClose }: SanctionDialogProps) {
  const { sanction } = useAdminMutations();
  const { register, handleSubmit, setError, control, formState } = useForm({
    resolver: sanctionResolver({ user_id: person.id, report_id: reportId }),
    defaultValues: blank,
  });
  const kind = useWatch({ control, name: 'kind' });
  const forGood = useWatch({ control, name: 'forGood' });
  const onValid = handleSubmit((body) => sendForm(sanction.mutateAsync(body), setError, onClose));
  return (
    <AdminDialog
      title={T.sanctionTitle(person.username)}
      description={T.sanctionIntro}
      onDismiss={onClose}
    >
      <form className="dialog__form" onSubmit={(e) => void onValid(e)} noValidate>
        <SanctionFields
          register={register}
          errors={formState.errors}
          kind={kind}
          forGood={forGood}
          chooseKind
        />
        <FormFooter
          serverError={formState.errors.root?.server?.message}
          busy={formState.isSubmitting}
          label={T.apply}
          busyLabel={T.applying}
          onCancel={onClose}
        />
      </form>
    </AdminDialog>
  );
}
