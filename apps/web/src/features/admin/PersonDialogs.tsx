import { zodResolver } from '@hookform/resolvers/zod';
import {
  AdminText,
  PersonCreateSchema,
  PersonUpdateSchema,
  roleLabels,
  RoleSchema,
  type AdminPerson,
  type PersonUpdate,
} from '@atrium/protocol';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { FieldFrame } from '../../shared/ui/FieldFrame.tsx';
import { TextField } from '../../shared/ui/TextField.tsx';
import { AdminDialog } from './AdminDialog.tsx';
import { FormFooter, sendForm, SERVER_ERROR } from './FormFooter.tsx';
import { AdminUiText as T } from './texts.ts';
import { useAdminMutations } from './useAdmin.ts';

/** The fields both dialogs show: name, email and role. */
type PersonField = 'username' | 'email' | 'role';

interface PersonFieldsetProps {
  register: (name: PersonField) => UseFormRegisterReturn;
  errors: Partial<Record<PersonField, { message?: string }>>;
}

function PersonFieldset({ register, errors }: PersonFieldsetProps) {
  return (
    <>
      <TextField
        label={T.username}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={T.email}
        type="email"
        autoComplete="off"
        inputMode="email"
        spellCheck={false}
        error={errors.email?.message}
        {...register('email')}
      />
      <FieldFrame label={T.role} error={errors.role?.message}>
        {(control) => (
          <select className="field__input admin-select" {...control} {...register('role')}>
            {RoleSchema.options.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </>
  );
}

export interface CreatePersonDialogProps {
  onClose: () => void;
}

/** "Add person": a new account, waiting for its activation mail or active at once. */
export function CreatePersonDialog({ onClose }: CreatePersonDialogProps) {
  const { createPerson } = useAdminMutations();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(PersonCreateSchema),
    defaultValues: { username: '', email: '', role: 'member', send_activation: true },
  });
  const onValid = handleSubmit((body) =>
    sendForm(createPerson.mutateAsync(body), setError, onClose),
  );
  return (
    <AdminDialog title={T.createTitle} description={T.createIntro} onDismiss={onClose}>
      <form className="dialog__form" onSubmit={(e) => void onValid(e)} noValidate>
        <PersonFieldset register={register} errors={formState.errors} />
        <label className="checkbox">
          <input type="checkbox" {...register('send_activation')} />
          {T.sendActivation}
        </label>
        <FormFooter
          serverError={formState.errors.root?.server?.message}
          busy={formState.isSubmitting}
          label={T.create}
          busyLabel={T.creating}
          onCancel={onClose}
        />
      </form>
    </AdminDialog>
  );
}

export interface EditPersonDialogProps {
  person: AdminPerson;
  onClose: () => void;
}

/** What changed: only those fields go to the server (it refuses an empty change). */
function changes(person: AdminPerson, values: PersonUpdate): PersonUpdate {
  const body: PersonUpdate = {};
  if (values.username !== person.username) body.username = values.username;
  if (values.email !== person.email) body.email = values.email;
  if (values.role !== person.role) body.role = values.role;
  return body;
}

/** Edit: a person's name, email address and role. */
export function EditPersonDialog({ person, onClose }: EditPersonDialogProps) {
  const { updatePerson } = useAdminMutations();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(PersonUpdateSchema),
    defaultValues: { username: person.username, email: person.email, role: person.role },
  });
  const onValid = handleSubmit(async (values) => {
    const body = changes(person, values);
    if (Object.keys(body).length === 0) {
      setError(SERVER_ERROR, { message: AdminText.nothingToUpdate });
      return;
    }
    await sendForm(updatePerson.mutateAsync({ id: person.id, body }), setError, onClose);
  });
  return (
    <AdminDialog title={T.editTitle(person.username)} description={T.editIntro} onDismiss={onClose}>
      <form className="dialog__form" onSubmit={(e) => void onValid(e)} noValidate>
        <PersonFieldset register={register} errors={formState.errors} />
        <FormFooter
          serverError={formState.errors.root?.server?.message}
          busy={formState.isSubmitting}
          label={T.save}
          busyLabel={T.saving}
          onCancel={onClose}
        />
      </form>
    </AdminDialog>
  );
}
