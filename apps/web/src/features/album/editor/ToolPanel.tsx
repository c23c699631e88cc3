import { useId, useState } from 'react';
import { CROP_RATIOS, EditorLimits, FILTERS, type FilterName } from '../editorHistory.ts';
import { DOODLES, FONTS, STICKERS } from './graphics.ts';
import { EditorText, FilterLabel } from './texts.ts';
import { cropRatioLabel, SWATCHES, type ToolName } from './tools.ts';

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
        {SWATCHES.map((swatch) => (
          <button
            key={swatch}
            type="button"
            className="editor-colors__swatch"
            style={{ background: swatch }}
            aria-label={swatch}
            aria-pressed={value === swatch}
            onClick={() => onPick(swatch)}
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
  return (
    <div className="editor-panel__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {EditorText.cancel}
      </button>
      <button
        type="button"
        className="button button--primary"
        disabled={!canApply}
        onClick={onApply}
      >
        {applyLabel}
      </button>
    </div>
  );
}

function GraphicPicker({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const [set, setSet] = useState<'stickers' | 'doodles'>('stickers');
  const graphics = set === 'stickers' ? STICKERS : DOODLES;
  return (
    <div className="editor-graphics">
      <div className="editor-tabs" role="tablist">
        {(['stickers', 'doodles'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={set === name}
            className="editor-tabs__tab"
            onClick={() => setSet(name)}
          >
            {name === 'stickers' ? EditorText.stickers : EditorText.doodles} (
            {(name === 'stickers' ? STICKERS : DOODLES).length})
          </button>
        ))}
      </div>
      <ul className="editor-graphics__grid" role="tabpanel">
        {graphics.map((graphic) => (
          <li key={graphic.id}>
            <button
              type="button"
              className="editor-graphics__item"
              aria-pressed={selected === graphic.id}
              aria-label={graphic.label}
              title={graphic.label}
              onClick={() => onSelect(graphic.id)}
            >
              <img src={graphic.url} alt="" loading="lazy" width={40} height={40} />
            </button>
          </li>
        ))}
      </ul>
      <p className="editor-graphics__credit">{EditorText.stickerCredit}</p>
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
          <ApplyCancel canApply={canApply} onApply={onApply} onCancel={onCancel} />
        </div>
      );
  }
}
