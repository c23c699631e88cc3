import { useForm, useWatch } from 'react-hook-form';
import { FieldFrame } from '../../../shared/ui/FieldFrame.tsx';
import { TextField } from '../../../shared/ui/TextField.tsx';
import { AdminDialog } from '../AdminDialog.tsx';
import { FormFooter, sendForm } from '../FormFooter.tsx';
import { settingResolver, settingValues } from './settingForm.ts';
import { ContentText as T, settingTypes } from './texts.ts';
import { useSettingMutations } from './useContent.ts';

export interface SettingDialogProps {
  /** The setting to edit; none: a new key. */
  setting?: { key: string; value: unknown };
  /** The keys set now (a new one must differ). */
  taken: readonly string[];
  onClose: () => void;
}

/** Add a public setting (key, type, value) or change one's value. */
export function SettingDialog({ setting, taken, onClose }: SettingDialogProps) {
  const { set } = useSettingMutations();
  const { register, handleSubmit, setError, control, formState } = useForm({
    resolver: settingResolver(setting ? null : taken),
    defaultValues: setting ? settingValues(setting.key, setting.value) : settingValues('', ''),
  });
  const type = useWatch({ control, name: 'type' });
  const onValid = handleSubmit((body) => sendForm(set.mutateAsync(body), setError, onClose));
  const { errors } = formState;
  return (
    <AdminDialog
      title={setting ? T.editSettingTitle(setting.key) : T.addSettingTitle}
      description={setting ? T.editSettingIntro : T.addSettingIntro}
      onDismiss={onClose}
    >
      <form className="dialog__form" onSubmit={(e) => void onValid(e)} noValidate>
        {!setting && (
          <TextField
            label={T.key}
            hint={T.keyHint}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.key?.message}
            {...register('key')}
          />
        )}
        <FieldFrame label={T.type}>
          {(frame) => (
            <select className="field__input admin-select" {...frame} {...register('type')}>
              {settingTypes.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        {type === 'boolean' ? (
          <FieldFrame label={T.value}>
            {(frame) => (
              <select className="field__input admin-select" {...frame} {...register('flag')}>
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            )}
          </FieldFrame>
        ) : (
          <TextField
            label={T.value}
            autoComplete="off"
            spellCheck={false}
            inputMode={type === 'number' ? 'decimal' : undefined}
            error={errors.text?.message}
            {...register('text')}
          />
        )}
        <FormFooter
          serverError={errors.root?.server?.message}
          busy={formState.isSubmitting}
          label={T.save}
          busyLabel={T.saving}
          onCancel={onClose}
        />
      </form>
    </AdminDialog>
  );
}
