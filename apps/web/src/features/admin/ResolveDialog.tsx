import { zodResolver } from '@hookform/resolvers/zod';
import { ReportResolveSchema, type Report } from '@atrium/protocol';
import { useForm } from 'react-hook-form';
import { FieldFrame } from '../../shared/ui/FieldFrame.tsx';
import { AdminDialog } from './AdminDialog.tsx';
import { FormFooter, sendForm } from './FormFooter.tsx';
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
  const onValid = handleSubmit(({ resolution }) =>
    sendForm(resolveReport.mutateAsync({ id: report.id, resolution }), setError, onClose),
  );
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
        <FormFooter
          serverError={formState.errors.root?.server?.message}
          busy={formState.isSubmitting}
          label={T.resolve}
          busyLabel={T.resolving}
          onCancel={onClose}
        />
      </form>
    </AdminDialog>
  );
}
