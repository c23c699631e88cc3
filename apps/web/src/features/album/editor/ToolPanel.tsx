import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { CROP_RATIOS, EditorLimits, FILTERS, type FilterName } from '../editorHistory.ts';
import { DOODLES, FONTS, STICKERS } from './graphics.ts';
import { EditorText, FilterLabel } from './texts.ts';
import {
  cropRatioLabel,
  fitCrop,
  MIN_CROP,
  SWATCHES,
  type CropRect,
  type ToolName,
} from './tools.ts';

/** The settings of every tool; the editor keeps them while the user switches tools. */
export interface ToolSettings {
  text: string;
  fontId: string;
  textSize: number;
  graphicId: string | null;
  /** A graphic's size, in percent of the picture's shorter side. */
  graphicSize: number;
  drawSize: number;
  rotation: number;
  filter: FilterName | null;
  filterValue: number;
  cropRatio: number | null;
}

export interface ToolPanelProps {
  tool: ToolName;
  settings: ToolSettings;
  onChange: (change: Partial<ToolSettings>) => void;
  /** The colour of the active tool (text, draw, adjust). */
  color: string | null;
  onPickColor: (color: string) => void;
  /** Whether the pending edit of the tool can be applied. */
  canApply: boolean;
  onApply: () => void;
  onCancel: () => void;
  onFlip: (axis: 'x' | 'y') => void;
  /** The crop frame on the picture, for its sliders (the Crop tool). */
  crop?: { frame: CropRect; picture: { width: number; height: number } };
  onCropChange?: (frame: CropRect) => void;
}

interface SliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  unit?: string;
}

function Slider({ label, value, min, max, onChange, unit = '' }: SliderProps) {
  const id = useId();
  return (
    <div className="editor-field editor-field--slider">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <output htmlFor={id}>
        {value}
        {unit}
      </output>
    </div>
  );
}

function ColorPicker({ value, onPick }: { value: string; onPick: (color: string) => void }) {
  const id = useId();
  return (
    <div className="editor-field editor-colors" role="group" aria-label={EditorText.color}>
      <label htmlFor={id}>{EditorText.color}</label>
      <div className="editor-colors__swatches">
        {SWATCHES.map(({ color, name }) => (
          <button
            key={color}
            type="button"
            className="editor-colors__swatch"
            style={{ background: color }}
            aria-label={name}
            title={name}
            aria-pressed={value === color}
            onClick={() => onPick(color)}
          />
        ))}
        <input
          id={id}
          type="color"
          value={value}
          onChange={(event) => onPick(event.target.value)}
        />
      </div>
    </div>
  );
}

/** Where focus goes once an edit is applied: the graphic just used, else the first control. */
const AFTER_APPLY = [
  '[data-after-apply] input:checked',
  '[data-after-apply] input',
  'input, select, button:not(:disabled)',
];

function ApplyCancel({
  canApply,
  onApply,
  onCancel,
  applyLabel = EditorText.apply,
}: {
  canApply: boolean;
  onApply: () => void;
  onCancel: () => void;
  applyLabel?: string;
}) {
  const handleApply = (event: MouseEvent<HTMLButtonElement>) => {
    const panel = event.currentTarget.closest('.editor-panel');
    onApply();
    // Apply turns off until the next edit, which would drop focus on the page: it goes back to
    // the start of the tool, ready for the next text or graphic.
    const next = AFTER_APPLY.map((q) => panel?.querySelector<HTMLElement>(q)).find(Boolean);
    next?.focus();
  };
  return (
    <div className="editor-panel__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {EditorText.cancel}
      </button>
      <button
        type="button"
        className="button button--primary"
        disabled={!canApply}
        onClick={handleApply}
      >
        {applyLabel}
      </button>
    </div>
  );
}

const GRAPHIC_SETS = ['stickers', 'doodles'] as const;
type GraphicSet = (typeof GRAPHIC_SETS)[number];

const graphicsOf = (set: GraphicSet) => (set === 'stickers' ? STICKERS : DOODLES);
const setLabel = (set: GraphicSet) =>
  set === 'stickers' ? EditorText.stickers : EditorText.doodles;

/**
 * The Graphic tool's picker: Stickers and Doodles tabs over a group of radio buttons, so the whole
 * grid is one Tab stop and the arrow keys walk it (a grid of buttons took 68 Tabs to cross).
 */
function GraphicPicker({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const [set, setSet] = useState<GraphicSet>('stickers');
  const id = useId();
  const tabs = useRef<Partial<Record<GraphicSet, HTMLButtonElement | null>>>({});

  // The tab list is one Tab stop too: the arrow keys switch between the two sets.
  const handleTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = set === 'stickers' ? 'doodles' : 'stickers';
    setSet(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="editor-graphics">
      <div className="editor-tabs" role="tablist" onKeyDown={handleTabKey}>
        {GRAPHIC_SETS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[name] = element;
            }}
            id={`${id}-${name}`}
            type="button"
            role="tab"
            aria-selected={set === name}
            aria-controls={`${id}-panel`}
            tabIndex={set === name ? 0 : -1}
            className="editor-tabs__tab"
            onClick={() => setSet(name)}
          >
            {setLabel(name)} ({graphicsOf(name).length})
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${set}`}>
        <fieldset className="editor-graphics__grid" data-after-apply>
          <legend className="visually-hidden">{setLabel(set)}</legend>
          {graphicsOf(set).map((graphic) => (
            <label key={graphic.id} className="editor-graphics__item" title={graphic.label}>
              <input
                type="radio"
                className="visually-hidden"
                name={`${id}-graphic`}
                value={graphic.id}
                checked={selected === graphic.id}
                onChange={() => onSelect(graphic.id)}
              />
              <img src={graphic.url} alt={graphic.label} loading="lazy" width={40} height={40} />
            </label>
          ))}
        </fieldset>
      </div>
      <p className="editor-graphics__credit">{EditorText.stickerCredit}</p>
    </div>
  );
}

/** The crop frame's position and size as sliders: the frame moves and resizes without a drag. */
function CropSliders({
  frame,
  picture,
  ratio,
  onChange,
}: {
  frame: CropRect;
  picture: { width: number; height: number };
  ratio: number | null;
  onChange: (frame: CropRect) => void;
}) {
  const set = (change: Partial<CropRect>) =>
    onChange(fitCrop(picture, { ...frame, ...change }, ratio));
  return (
    <div className="editor-panel__sliders" role="group" aria-label={EditorText.cropFrame}>
      <Slider
        label={EditorText.cropLeft}
        value={frame.x}
        min={0}
        max={picture.width - frame.width}
        onChange={(x) => set({ x })}
        unit=" px"
      />
      <Slider
        label={EditorText.cropTop}
        value={frame.y}
        min={0}
        max={picture.height - frame.height}
        onChange={(y) => set({ y })}
        unit=" px"
      />
      <Slider
        label={EditorText.cropWidth}
        value={frame.width}
        min={MIN_CROP}
        max={picture.width}
        onChange={(width) => set({ width })}
        unit=" px"
      />
      {/* At a fixed ratio the width decides the height. */}
      {ratio === null && (
        <Slider
          label={EditorText.cropHeight}
          value={frame.height}
          min={MIN_CROP}
          max={picture.height}
          onChange={(height) => set({ height })}
          unit=" px"
        />
      )}
    </div>
  );
}

/** The options of the active tool, under the picture. */
export function ToolPanel({
  tool,
  settings,
  onChange,
  color,
  onPickColor,
  canApply,
  onApply,
  onCancel,
  onFlip,
  crop,
  onCropChange,
}: ToolPanelProps) {
  const textId = useId();
  const fontId = useId();
  const colorPicker = color ? <ColorPicker value={color} onPick={onPickColor} /> : null;

  switch (tool) {
    case 'text':
      return (
        <div className="editor-panel">
          <p className="editor-panel__hint">{EditorText.textHint}</p>
          <div className="editor-panel__row">
            <div className="editor-field editor-field--grow">
              <label htmlFor={textId}>{EditorText.textInput}</label>
              <input
                id={textId}
                className="input"
                type="text"
                maxLength={200}
                placeholder={EditorText.textPlaceholder}
                value={settings.text}
                onChange={(event) => onChange({ text: event.target.value })}
              />
            </div>
            <div className="editor-field">
              <label htmlFor={fontId}>{EditorText.font}</label>
              <select
                id={fontId}
                className="input"
                value={settings.fontId}
                onChange={(event) => onChange({ fontId: event.target.value })}
              >
                {FONTS.map((font) => (
                  <option key={font.id} value={font.id} style={{ fontFamily: font.family }}>
                    {font.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Slider
            label={EditorText.size}
            value={settings.textSize}
            min={EditorLimits.textSize.min}
            max={EditorLimits.textSize.max}
            onChange={(textSize) => onChange({ textSize })}
            unit=" px"
          />
          {colorPicker}
          <ApplyCancel
            canApply={canApply}
            onApply={onApply}
            onCancel={onCancel}
            applyLabel={EditorText.addText}
          />
        </div>
      );
    case 'graphic':
      return (
        <div className="editor-panel">
          <p className="editor-panel__hint">{EditorText.graphicHint}</p>
          <GraphicPicker
            selected={settings.graphicId}
            onSelect={(graphicId) => onChange({ graphicId })}
          />
          <Slider
            label={EditorText.size}
            value={settings.graphicSize}
            min={5}
            max={80}
            onChange={(graphicSize) => onChange({ graphicSize })}
            unit=" %"
          />
          <ApplyCancel
            canApply={canApply}
            onApply={onApply}
            onCancel={onCancel}
            applyLabel={EditorText.addGraphic}
          />
        </div>
      );
    case 'draw':
      return (
        <div className="editor-panel">
          <p className="editor-panel__hint">{EditorText.drawHint}</p>
          <Slider
            label={EditorText.size}
            value={settings.drawSize}
            min={EditorLimits.drawSize.min}
            max={EditorLimits.drawSize.max}
            onChange={(drawSize) => onChange({ drawSize })}
            unit=" px"
          />
          {colorPicker}
        </div>
      );
    case 'rotate':
      return (
        <div className="editor-panel">
          <p className="editor-panel__hint">{EditorText.rotateHint}</p>
          <Slider
            label={EditorText.angle}
            value={settings.rotation}
            min={EditorLimits.rotation.min}
            max={EditorLimits.rotation.max}
            onChange={(rotation) => onChange({ rotation })}
            unit="°"
          />
          <ApplyCancel canApply={canApply} onApply={onApply} onCancel={onCancel} />
        </div>
      );
    case 'adjust':
      return (
        <div className="editor-panel">
          <div className="editor-chips" role="group" aria-label={EditorText.adjust}>
            {FILTERS.map((name) => (
              <button
                key={name}
                type="button"
                className="editor-chip"
                aria-pressed={settings.filter === name}
                onClick={() => onChange({ filter: name })}
              >
                {FilterLabel[name]}
              </button>
            ))}
          </div>
          <Slider
            label={EditorText.filterStrength}
            value={settings.filterValue}
            min={EditorLimits.filter.min}
            max={EditorLimits.filter.max}
            onChange={(filterValue) => onChange({ filterValue })}
          />
          {colorPicker}
          <ApplyCancel canApply={canApply} onApply={onApply} onCancel={onCancel} />
        </div>
      );
    case 'flip':
      return (
        <div className="editor-panel">
          <div className="editor-panel__row">
            <button type="button" className="button button--secondary" onClick={() => onFlip('x')}>
              ⇋ {EditorText.flipHorizontal}
            </button>
            <button type="button" className="button button--secondary" onClick={() => onFlip('y')}>
              ⇵ {EditorText.flipVertical}
            </button>
          </div>
        </div>
      );
    case 'crop':
      return (
        <div className="editor-panel">
          <p className="editor-panel__hint">{EditorText.cropHint}</p>
          <div className="editor-chips" role="group" aria-label={EditorText.cropRatio}>
            {CROP_RATIOS.map((ratio) => (
              <button
                key={ratio ?? 'custom'}
                type="button"
                className="editor-chip"
                aria-pressed={settings.cropRatio === ratio}
                onClick={() => onChange({ cropRatio: ratio })}
              >
                {cropRatioLabel(ratio)}
              </button>
            ))}
          </div>
          {crop && onCropChange && (
            <CropSliders {...crop} ratio={settings.cropRatio} onChange={onCropChange} />
          )}
          <ApplyCancel canApply={canApply} onApply={onApply} onCancel={onCancel} />
        </div>
      );
  }
}
