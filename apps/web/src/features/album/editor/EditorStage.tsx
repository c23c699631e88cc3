import type Konva from 'konva';
import { useEffect, useRef, useState } from 'react';
import { Group, Image as KonvaImage, Layer, Line, Rect, Stage, Transformer } from 'react-konva';
import { fitCrop, type CropRect, type ToolName } from './tools.ts';

export interface EditorStageProps {
  /** The picture to show: the edited picture, or a preview of the pending edit on it. */
  picture: HTMLCanvasElement;
  tool: ToolName | null;
  draw: { color: string; size: number };
  /** A finished stroke, in picture pixels. */
  onStroke: (points: number[]) => void;
  /** A click or tap on the picture, in picture pixels (text and graphic placement). */
  onPlace: (x: number, y: number) => void;
  /** The crop frame in picture pixels, shown with handles while cropping. */
  crop: CropRect | null;
  cropRatio: number | null;
  onCropChange: (rect: CropRect) => void;
}

/** The four darkened bands around the crop frame, so the kept part stays bright. */
function cropMask(size: { width: number; height: number }, crop: CropRect) {
  const right = crop.x + crop.width;
  const bottom = crop.y + crop.height;
  return [
    { key: 'top', x: 0, y: 0, width: size.width, height: crop.y },
    { key: 'bottom', x: 0, y: bottom, width: size.width, height: size.height - bottom },
    { key: 'left', x: 0, y: crop.y, width: crop.x, height: crop.height },
    { key: 'right', x: right, y: crop.y, width: size.width - right, height: crop.height },
  ].filter((r) => r.width > 0 && r.height > 0);
}

/** Watches an element's size. */
function useElementSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize({ width: Math.floor(width), height: Math.floor(height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

/**
 * The editor's canvas (react-konva): the picture fitted and centred, a live stroke while
 * drawing, and the crop frame with its handles. Everything inside the picture's group is in
 * picture pixels, so what the stage reports can go straight into an operation.
 */
export function EditorStage({
  picture,
  tool,
  draw,
  onStroke,
  onPlace,
  crop,
  cropRatio,
  onCropChange,
}: EditorStageProps) {
  const [boxRef, box] = useElementSize<HTMLDivElement>();
  const [stroke, setStroke] = useState<number[] | null>(null);
  const rectRef = useRef<Konva.Rect>(null);
  const transformerRef = useRef<Konva.Transformer>(null);

  const scale =
    box.width > 0 && box.height > 0
      ? Math.min(box.width / picture.width, box.height / picture.height)
      : 0;
  const offsetX = (box.width - picture.width * scale) / 2;
  const offsetY = (box.height - picture.height * scale) / 2;

  useEffect(() => {
    const transformer = transformerRef.current;
    const rect = rectRef.current;
    if (!transformer) return;
    transformer.nodes(rect ? [rect] : []);
    transformer.getLayer()?.batchDraw();
  }, [crop, tool]);

  /** The pointer in picture pixels, or null when it is off the picture. */
  const pointer = (event: Konva.KonvaEventObject<PointerEvent>) => {
    const position = event.target.getStage()?.getPointerPosition();
    if (!position || scale === 0) return null;
    const x = (position.x - offsetX) / scale;
    const y = (position.y - offsetY) / scale;
    if (x < 0 || y < 0 || x > picture.width || y > picture.height) return null;
    return { x: Math.round(x), y: Math.round(y) };
  };

  const handleDown = (event: Konva.KonvaEventObject<PointerEvent>) => {
    const point = pointer(event);
    if (!point) return;
    if (tool === 'draw') setStroke([point.x, point.y, point.x, point.y]);
    else if (tool === 'text' || tool === 'graphic') onPlace(point.x, point.y);
  };

  const handleMove = (event: Konva.KonvaEventObject<PointerEvent>) => {
    if (!stroke) return;
    const point = pointer(event);
    if (point) setStroke([...stroke, point.x, point.y]);
  };

  const handleUp = () => {
    if (stroke) onStroke(stroke);
    setStroke(null);
  };

  /** Reads the frame back from the rectangle after a drag or a resize, inside the picture. */
  const commitCrop = () => {
    const rect = rectRef.current;
    if (!rect) return;
    const frame = { x: rect.x(), y: rect.y() };
    const size = { width: rect.width() * rect.scaleX(), height: rect.height() * rect.scaleY() };
    rect.scale({ x: 1, y: 1 });
    onCropChange(fitCrop(picture, { ...frame, ...size }, cropRatio));
  };

  const cursor = tool === 'draw' || tool === 'text' || tool === 'graphic' ? 'crosshair' : 'default';

  return (
    <div ref={boxRef} className="editor-stage" style={{ cursor }}>
      {scale > 0 && (
        <Stage
          width={box.width}
          height={box.height}
          onPointerDown={handleDown}
          onPointerMove={handleMove}
          onPointerUp={handleUp}
          onPointerLeave={handleUp}
        >
          <Layer>
            <Group x={offsetX} y={offsetY} scaleX={scale} scaleY={scale}>
              <KonvaImage image={picture} x={0} y={0} />
              {stroke && (
                <Line
                  points={stroke}
                  stroke={draw.color}
                  strokeWidth={draw.size}
                  lineCap="round"
                  lineJoin="round"
                  listening={false}
                />
              )}
              {tool === 'crop' && crop && (
                <>
                  {cropMask(picture, crop).map(({ key, ...band }) => (
                    <Rect key={key} {...band} fill="rgba(15, 23, 42, 0.55)" listening={false} />
                  ))}
                  <Rect
                    ref={rectRef}
                    name="crop-frame"
                    x={crop.x}
                    y={crop.y}
                    width={crop.width}
                    height={crop.height}
                    stroke="#ffffff"
                    strokeWidth={2 / scale}
                    dash={[8 / scale, 6 / scale]}
                    fill="rgba(255, 255, 255, 0.01)"
                    draggable
                    onDragEnd={commitCrop}
                    onTransformEnd={commitCrop}
                  />
                </>
              )}
            </Group>
            {tool === 'crop' && crop && (
              <Transformer
                ref={transformerRef}
                rotateEnabled={false}
                keepRatio={cropRatio !== null}
                flipEnabled={false}
                enabledAnchors={
                  cropRatio !== null
                    ? ['top-left', 'top-right', 'bottom-left', 'bottom-right']
                    : undefined
                }
                anchorSize={12}
                borderEnabled={false}
              />
            )}
          </Layer>
        </Stage>
      )}
    </div>
  );
}
