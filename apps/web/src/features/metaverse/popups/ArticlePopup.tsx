import * as Dialog from '@radix-ui/react-dialog';
import { PopupShell } from '../../../shared/ui/PopupShell.tsx';
import { ArticleText } from './ArticleText.tsx';
import { MetaverseText } from './texts.ts';

export interface ArticleImage {
  src: string;
  /** Empty when the picture is decoration only. */
  alt: string;
}

export interface ArticlePopupProps {
  open: boolean;
  /** Close, the corner ×, Escape or a click outside. */
  onClose: () => void;
  title: string;
  /**
   * Plain text, never HTML; blank lines start a new paragraph. Links become links, and YouTube
   * links (SPEC §5's four forms) embedded players.
   */
  body: string;
  image?: ArticleImage;
  zIndex?: number;
}

/** SPEC §2 "Article popup": a title, an optional picture, the article and Close. */
export function ArticlePopup({ open, onClose, title, body, image, zIndex }: ArticlePopupProps) {
  return (
    <PopupShell
      open={open}
      onDismiss={onClose}
      className="popup--article"
      closeButton
      zIndex={zIndex}
    >
      {image && <img className="popup-article__image" src={image.src} alt={image.alt} />}
      <div className="popup-article__body">
        <Dialog.Title className="dialog__title popup-article__title">{title}</Dialog.Title>
        <Dialog.Description asChild>
          <ArticleText className="popup__text popup-article__text" text={body} />
        </Dialog.Description>
      </div>
      <div className="dialog__actions popup__actions popup-article__actions">
        <Dialog.Close className="button button--primary">{MetaverseText.close}</Dialog.Close>
      </div>
    </PopupShell>
  );
}
