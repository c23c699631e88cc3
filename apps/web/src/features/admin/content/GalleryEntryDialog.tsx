import type { GalleryEntry } from '@atrium/protocol';
import { useForm } from 'react-hook-form';
import { FieldFrame } from '../../../shared/ui/FieldFrame.tsx';
import { TextField } from '../../../shared/ui/TextField.tsx';
import { AdminDialog } from '../AdminDialog.tsx';
import { FormFooter } from '../FormFooter.tsx';
import { emptyEntry, entryResolver, entryValues, type GalleryFormValues } from './galleryForm.ts';
import { ContentText as T } from './texts.ts';

export interface GalleryEntryDialogProps {
  /** The entry to edit; none: a new one, added at the end. */
  entry?: GalleryEntry;
  /** The list's other entries, whose ids this one may not take. */
  others: readonly GalleryEntry[];
  onDone: (entry: GalleryEntry) => void;
  onClose: () => void;
}

/** Add or edit one gallery entry; the list is published with Save. */
export function GalleryEntryDialog({ entry, others, onDone, onClose }: GalleryEntryDialogProps) {
  const { register, handleSubmit, formState } = useForm<GalleryFormValues, unknown, GalleryEntry>({
    resolver: entryResolver(others, entry),
    defaultValues: entry ? entryValues(entry) : emptyEntry,
  });
  const onValid = handleSubmit((value) => {
    onDone(value);
    onClose();
  });
  const { errors } = formState;
  // A date with a time (the listing allows one) would not fit a date picker.
  const plainDate = !entry || /^\d{4}-\d{2}-\d{2}$/.test(entry.date);
  return (
    <AdminDialog
      title={entry ? T.editEntryTitle(entry.title) : T.addEntryTitle}
      description={T.entryIntro}
      onDismiss={onClose}
    >
      <form className="dialog__form" onSubmit={(e) => void onValid(e)} noValidate>
        <TextField
          label={T.entryTitle}
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
        <div className="content-pair">
          <TextField
            label={T.entryId}
            hint={T.entryIdHint}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.gallery_id?.message}
            {...register('gallery_id')}
          />
          <TextField
            label={T.entryDate}
            type={plainDate ? 'date' : 'text'}
            placeholder="2022-05-04"
            error={errors.date?.message}
            {...register('date')}
          />
        </div>
        <TextField
          label={T.entryImage}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://… or /event/…"
          error={errors.image?.message}
          {...register('image')}
        />
        <TextField
          label={T.entryThumbnail}
          labelSuffix={T.optional}
          hint={T.entryThumbnailHint}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          error={errors.thumbnail?.message}
          {...register('thumbnail')}
        />
        <FieldFrame
          label={T.entryDescription}
          labelSuffix={T.optional}
          error={errors.description?.message}
        >
          {(control) => (
            <textarea
              className="field__input admin-textarea"
              rows={3}
              {...control}
              {...register('description')}
            />
          )}
        </FieldFrame>
        <FormFooter
          serverError={undefined}
          busy={false}
          label={entry ? T.done : T.add}
          busyLabel={T.saving}
          onCancel={onClose}
        />
      </form>
    </AdminDialog>
  );
}
