/** Texts of the image editor (SPEC §2, §4, §9); tests import them from here. */
export const EditorText = {
  edit: 'Edit',
  editorLabel: 'Image editor',
  loading: 'Preparing the editor…',
  loadFailed: 'The picture could not be opened for editing.',
  lastUpdated: (date: string) => `Last updated ${date}`,
  tools: 'Tools',
  pickTool: 'Pick a tool on the left to start editing. Undo, Redo and Reset are below the picture.',
  undo: 'Undo',
  redo: 'Redo',
  reset: 'Reset',
  finish: 'Finish',
  saving: 'Saving…',
  saved: 'Your edited photo is saved.',
  closeEditor: 'Close editor',
  apply: 'Apply',
  cancel: 'Cancel',
  /** SPEC §9 confirm prompts. */
  resetConfirm: 'Reset editing?',
  finishConfirm: 'Finish editing?',
  /** SPEC §4: opening another picture with unsaved changes. */
  discardConfirm: 'Are you sure? Existing change(s) will be discarded.',
  discard: 'Discard',
  resetTitle: 'Reset',
  finishTitle: 'Finish',
  discardTitle: 'Unsaved changes',
  // Tool names (SPEC §2).
  text: 'Text',
  graphic: 'Graphic',
  draw: 'Draw',
  rotate: 'Rotate',
  adjust: 'Adjust',
  flip: 'Flip',
  crop: 'Crop',
  // Tool panels.
  textPlaceholder: 'Type your text',
  textInput: 'Text',
  font: 'Font',
  size: 'Size',
  color: 'Colour',
  addText: 'Add text',
  textHint: 'Type, then click the picture where the text should go.',
  stickers: 'Stickers',
  doodles: 'Doodles',
  /** CC BY 4.0 asks for this credit where the stickers are offered. */
  stickerCredit:
    'Stickers: Twemoji by Twitter, Inc and other contributors, CC BY 4.0. Doodles: Lucide, ISC.',
  addGraphic: 'Add graphic',
  graphicHint: 'Pick a graphic, then click the picture where it should go.',
  drawHint: 'Drag on the picture to draw.',
  angle: 'Angle',
  /** A rotation crops: the owner is told, rather than finding the photo smaller after saving. */
  rotateHint:
    'The picture is cropped to the largest rectangle inside the turned photo, so no empty corners are saved.',
  filterStrength: 'Strength',
  flipHorizontal: 'Flip horizontally',
  flipVertical: 'Flip vertically',
  cropRatio: 'Ratio',
  cropCustom: 'Custom',
  cropHint: 'Drag the frame or its handles, or set it with the sliders, then apply.',
  /** The crop frame's sliders: what a drag does, without dragging (WCAG 2.5.7). */
  cropFrame: 'Crop frame',
  cropLeft: 'Left',
  cropTop: 'Top',
  cropWidth: 'Width',
  cropHeight: 'Height',
  previousPhoto: 'Previous photo',
  nextPhoto: 'Next photo',
} as const;

/** Display names of the Adjust tool's filters (SPEC §9 order). */
export const FilterLabel = {
  grayscale: 'Grayscale',
  blur: 'Blur',
  emboss: 'Emboss',
  sharpen: 'Sharpen',
  sepia: 'Sepia',
  invert: 'Invert',
  brightness: 'Brightness',
  noise: 'Noise',
  pixelate: 'Pixelate',
  threshold: 'Threshold',
  blend: 'Blend',
} as const;

/**
 * SPEC §9's crop ratios (width / height) as the ratios people know from cameras and screens; the
 * spec's rounded values stay behind them (1.3 is 4:3, 1.78 is 16:9).
 */
export const CropRatioLabel = {
  1: '1:1',
  1.5: '3:2',
  1.3: '4:3',
  0.75: '3:4',
  1.25: '5:4',
  1.4: '7:5',
  1.78: '16:9',
} as const;

/** The names of the colour swatches, as screen readers say them. */
export const SwatchName = {
  white: 'White',
  black: 'Black',
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  purple: 'Purple',
  pink: 'Pink',
} as const;
