import { AdminText, type Poster } from '@atrium/protocol';
import { useForm, useWatch } from 'react-hook-form';
import { FieldFrame } from '../../../shared/ui/FieldFrame.tsx';
import { TextField } from '../../../shared/ui/TextField.tsx';
import { AdminDialog } from '../AdminDialog.tsx';
import { FormFooter, sendForm, SERVER_ERROR } from '../FormFooter.tsx';
import {
  emptyPoster,
  posterChanges,
  posterResolver,
  posterValues,
  type PosterFormValues,
} from './posterForm.ts';
import { PosterImagePicker } from './PosterImagePicker.tsx';
import { ContentText as T } from './texts.ts';
import { usePosterMutations } from './useContent.ts';

export interface PosterDialogProps {
  world: string;
  /** The poster to edit; none: a new one, hung at `slot`. */
  poster?: Poster;
  slot: number;
  onClose: () => void;
}

/** Add or edit a poster: its title, image, description, print shop and NFT offer. */
export function PosterDialog({ world, poster, slot, onClose }: PosterDialogProps) {
  const { create, update } = usePosterMutations(world);
  const { register, handleSubmit, setError, setValue, control, formState } = useForm<
    PosterFormValues,
    unknown,
    Parameters<typeof create.mutateAsync>[0]
  >({
    resolver: posterResolver(world, poster?.slot ?? slot),
    defaultValues: poster ? posterValues(poster) : emptyPoster,
  });
  const image = useWatch({ control, name: 'image' });
  const onValid = handleSubmit(async (body) => {
    if (!poster) {
      await sendForm(create.mutateAsync(body), setError, onClose);
      return;
    }
    const changes = posterChanges(poster, body);
    if (Object.keys(changes).length === 0) {
      setError(SERVER_ERROR, { message: AdminText.nothingToUpdate });
      return;
    }
    await sendForm(update.mutateAsync({ id: poster.id, body: changes }), setError, onClose);
  });
  const { errors } = formState;
  return (
    <AdminDialog
      title={poster ? T.editPosterTitle(poster.title) : T.addPosterTitle}
      description={poster ? T.editPosterIntro : T.addPosterIntro}
      onDismiss={onClose}
    >
      <form className="dialog__form" onSubmit={(e) => void onValid(e)} noValidate>
        <TextField
          label={T.posterTitle}
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
        <TextField
          label={T.imageUrl}
          hint={T.imageHint}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://… or /posters/…"
          error={errors.image?.message}
          {...register('image')}
        />
        <PosterImagePicker
          value={image}
          onUploaded={(image) =>
            setValue('image', image, { shouldDirty: true, shouldValidate: true })
          }
        />
        <FieldFrame
          label={T.description}
          labelSuffix={T.optional}
          error={errors.description?.message}
        >
          {(control) => (
            <textarea
              className="field__input admin-textarea"
              rows={4}
              {...control}
              {...register('description')}
            />
          )}
        </FieldFrame>
        <TextField
          label={T.printUrl}
          labelSuffix={T.optional}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          error={errors.print_url?.message}
          {...register('print_url')}
        />
        <div className="content-pair">
          <TextField
            label={T.nftToken}
            labelSuffix={T.optional}
            autoComplete="off"
            error={errors.nft_token_id?.message}
            {...register('nft_token_id')}
          />
          <TextField
            label={T.nftPrice}
            labelSuffix={T.optional}
            autoComplete="off"
            error={errors.nft_price?.message}
            {...register('nft_price')}
          />
        </div>
        <p className="field__hint content-note">{T.nftHint}</p>
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
