export { ArticlePopup, type ArticleImage, type ArticlePopupProps } from './ArticlePopup.tsx';
export {
  isPhoneOrTablet,
  thisDeviceTraits,
  worldPageFor,
  type DeviceTraits,
  type WorldPage,
} from './device.ts';
export {
  FullscreenRecommendation,
  type FullscreenRecommendationProps,
} from './FullscreenRecommendation.tsx';
export { MessagePopup, type MessagePopupProps } from './MessagePopup.tsx';
export { POPUP_Z_INDEX } from '../../../shared/ui/PopupShell.tsx';
export { fetchPosterDetail, posterDetailPath, type PosterDetail } from './posterDetail.ts';
export { PosterPopup, type PosterPopupProps } from './PosterPopup.tsx';
export { MetaverseText } from './texts.ts';
export {
  dismissTutorial,
  isTutorialDismissed,
  TUTORIAL_COOKIE_DAYS,
  TUTORIAL_COOKIE_PREFIX,
  tutorialCookieName,
  type TutorialUser,
} from './tutorialCookie.ts';
export { TutorialPopup, type TutorialPopupProps } from './TutorialPopup.tsx';
export {
  UnsupportedDeviceWarning,
  type UnsupportedDeviceWarningProps,
} from './UnsupportedDeviceWarning.tsx';
export { useFullscreenPrompt, type FullscreenPromptState } from './useFullscreenPrompt.ts';
export { useTutorialPopup, type TutorialPopupState } from './useTutorialPopup.ts';
// The metaverse popups' own styles; they come after the shell's, which the popups import.
import './popups.css';
