import { zodResolver } from '@hookform/resolvers/zod';
import { ReportResolveSchema, type Report } from '@atrium/protocol';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../shared/api/client.ts';
import { notifySuccess } from '../../shared/toast/toast.ts';
import { FieldFrame } from '../../shared/ui/FieldFrame.tsx';
import { FormAlert } from '../../shared/ui/FormAlert.tsx';
import { SubmitButton } from '../../shared/ui/SubmitButton.tsx';
import { AdminDialog } from './AdminDialog.tsx';
import { AdminUiText as T } from './texts.ts';
import { useAdminMutations } from './useAdmin.ts';

export interface ResolveDialogProps {
  report: Report;
  onClose: () => void;
}

/** Closes a report with a short word on what was done. */
export function ResolveDialog({ report, onClose }: ResolveDialogProps) {
  const { resolveReport } = useAdminMutations();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ReportResolveSchema),
    defaultValues: { resolution: '' },
  });
  const onValid = handleSubmit(async ({ resolution }) => {
    try {
      notifySuccess(await resolveReport.mutateAsync({ id: report.id, resolution }));
      onClose();
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  });
  const serverError = formState.errors.root?.server?.message;
  return (
    <AdminDialog
      title={T.resolveTitle(report.target)}
      description={T.resolveIntro}
      onDismiss={onClose}
    >
      <form className="dialog__form" onSubmit={(e) => void onValid(e)} noValidate>
        <FieldFrame label={T.resolution} error={formState.errors.resolution?.message}>
          {(control) => (
            <textarea
              className="field__input admin-textarea"
              rows={3}
              maxLength={200}
              {...control}
              {...register('resolution')}
            />
          )}
        </FieldFrame>
        {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {T.cancel}
          </button>
          <SubmitButton busy={formState.isSubmitting} busyLabel={T.resolving}>
            {T.resolve}
          </SubmitButton>
        </div>
      </form>
    </AdminDialog>
  );
}
