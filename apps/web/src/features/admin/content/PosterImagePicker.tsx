import { PosterImageLimits, PosterText, type PosterImage } from '@atrium/protocol';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { ContentText as T } from './texts.ts';
import { usePosterImageUpload } from './useContent.ts';

/** What the browser offers in its file chooser; the server checks the bytes again. */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export interface PosterImagePickerProps {
  /** The image address the form holds now: its picture is previewed. */
  value: string;
  /** An upload succeeded: the form's image becomes its path. */
  onUploaded: (image: string) => void;
}

/**
 * The poster's picture (issue 29): a preview of the address in the form, and an upload that puts
 * the stored file's path into it. One file at a time; the button waits while one uploads.
 */
export function PosterImagePicker({ value, onUploaded }: PosterImagePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = usePosterImageUpload();
  const [done, setDone] = useState<PosterImage | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setDone(null);
    upload.reset();
    // Said at once, before ten megabytes travel to be refused.
    setTooLarge(file.size > PosterImageLimits.maxBytes);
    if (file.size > PosterImageLimits.maxBytes) return;
    upload.mutate(file, {
      onSuccess: (image) => {
        setDone(image);
        onUploaded(image.image);
      },
    });
  };

  const error = tooLarge
    ? PosterText.imageTooLarge
    : upload.isError
      ? errorMessage(upload.error, T.uploadFailed)
      : null;
  const address = value.trim();
  return (
    <div className="poster-picker">
      <div className="poster-picker__preview">
        {address && broken !== address ? (
          <img
            key={address}
            src={address}
            alt={T.preview}
            onError={() => setBroken(address)}
            onLoad={() => setBroken(null)}
          />
        ) : (
          <span className="poster-picker__empty">{address ? T.previewFailed : T.noPreview}</span>
        )}
      </div>
      <div className="poster-picker__controls">
        <input
          ref={input}
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept={ACCEPT}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={`${id}-hint`}
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {T.uploadImage}
        </button>
        <p id={`${id}-hint`} className="field__hint">
          {T.uploadHint}
        </p>
        {upload.isPending && (
          <div className="poster-picker__progress">
            {/* Offline, the query library holds the upload and sends it once back online. */}
            <label htmlFor={`${id}-progress`}>
              {upload.isPaused ? T.uploadWaiting : T.uploading}
            </label>
            {/* No value: indeterminate. fetch reports no upload progress, and most of the wait
                is the server shrinking the picture, which no byte count would show. */}
            <progress id={`${id}-progress`} />
          </div>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <p className="field__hint" role="status">
          {done && !upload.isPending ? T.uploaded(done.width, done.height) : ''}
        </p>
      </div>
    </div>
  );
}
