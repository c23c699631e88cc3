import {
  AdminText,
  WORLD_LAYOUTS,
  WORLD_LOCATIONS,
  type PublicShare,
  type ShareInput,
} from '@atrium/protocol';
import { useForm } from 'react-hook-form';
import { FieldFrame } from '../../../shared/ui/FieldFrame.tsx';
import { TextField } from '../../../shared/ui/TextField.tsx';
import { AdminDialog } from '../AdminDialog.tsx';
import { FormFooter, sendForm, SERVER_ERROR } from '../FormFooter.tsx';
import {
  emptyShare,
  shareChanges,
  shareResolver,
  shareValues,
  type ShareFormValues,
} from './shareForm.ts';
import { locationLabels, qualityOptions, SharesText as T } from './texts.ts';
import { useShareMutations } from './useShares.ts';

const WORLDS = Object.keys(WORLD_LAYOUTS);

export interface ShareDialogProps {
  /** The share to edit; none: a new one. */
  share?: PublicShare;
  onClose: () => void;
}

/** Add or edit a share: its id (new ones only), title, world, arrival, quality and host sites. */
export function ShareDialog({ share, onClose }: ShareDialogProps) {
  const { create, update } = useShareMutations();
  const { register, handleSubmit, setError, formState } = useForm<
    ShareFormValues,
    unknown,
    ShareInput
  >({
    resolver: shareResolver,
    defaultValues: share ? shareValues(share) : emptyShare(WORLDS[0] ?? 'campus'),
  });
  const onValid = handleSubmit(async (body) => {
    if (!share) {
      await sendForm(create.mutateAsync(body), setError, onClose);
      return;
    }
    const changes = shareChanges(share, body);
    if (Object.keys(changes).length === 0) {
      setError(SERVER_ERROR, { message: AdminText.nothingToUpdate });
      return;
    }
    await sendForm(update.mutateAsync({ id: share.id, body: changes }), setError, onClose);
  });
  const { errors } = formState;
  return (
    <AdminDialog
      title={share ? T.editTitle(share.title) : T.addTitle}
      description={share ? T.editIntro(share.id) : T.addIntro}
      onDismiss={onClose}
    >
      <form className="dialog__form" onSubmit={(e) => void onValid(e)} noValidate>
        <TextField
          label={T.shareTitle}
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
        {!share && (
          <TextField
            label={T.shareId}
            hint={T.shareIdHint}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.id?.message}
            {...register('id')}
          />
        )}
        <div className="share-pair">
          <FieldFrame label={T.world} error={errors.world?.message}>
            {(control) => (
              <select className="field__input admin-select" {...control} {...register('world')}>
                {WORLDS.map((world) => (
                  <option key={world}>{world}</option>
                ))}
              </select>
            )}
          </FieldFrame>
          <FieldFrame label={T.arrival} error={errors.default_location?.message}>
            {(control) => (
              <select
                className="field__input admin-select"
                {...control}
                {...register('default_location')}
              >
                <option value="">{T.arrivalDefault}</option>
                {WORLD_LOCATIONS.map((location) => (
                  <option key={location} value={location}>
                    {locationLabels[location]}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        </div>
        <FieldFrame label={T.quality} error={errors.default_quality?.message}>
          {(control) => (
            <select
              className="field__input admin-select"
              {...control}
              {...register('default_quality')}
            >
              {qualityOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <FieldFrame label={T.origins} hint={T.originsHint} error={errors.allowed_origins?.message}>
          {(control) => (
            <textarea
              className="field__input admin-textarea share-origins"
              rows={3}
              spellCheck={false}
              autoCapitalize="none"
              placeholder="https://school.example"
              {...control}
              {...register('allowed_origins')}
            />
          )}
        </FieldFrame>
        <FormFooter
          serverError={errors.root?.server?.message}
          busy={formState.isSubmitting}
          label={share ? T.save : T.create}
          busyLabel={share ? T.saving : T.creating}
          onCancel={onClose}
        />
      </form>
    </AdminDialog>
  );
}
