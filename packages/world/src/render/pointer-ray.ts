import * as THREE from 'three';

/** The first object under a pointer at client coordinates, among `objects`. */
export type PointerPick = (
  clientX: number,
  clientY: number,
  objects: THREE.Object3D[],
  recursive: boolean,
) => THREE.Intersection | undefined;

/** Client coordinates → normalized device coordinates (−1..1, y up) within `rect`. */
export const pointerToNdc = (
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): { x: number; y: number } => ({
  x: ((clientX - rect.left) / rect.width) * 2 - 1,
  y: -((clientY - rect.top) / rect.height) * 2 + 1,
});

/** One raycaster for every pointer query on `canvas` (walk-to and clicks on posters). */
export const createPointerPick = (canvas: HTMLCanvasElement, camera: THREE.Camera): PointerPick => {
  const raycaster = new THREE.Raycaster();
  const ndc = new THREE.Vector2();
  return (clientX, clientY, objects, recursive) => {
    const { x, y } = pointerToNdc(canvas.getBoundingClientRect(), clientX, clientY);
    raycaster.setFromCamera(ndc.set(x, y), camera);
    return raycaster.intersectObjects(objects, recursive)[0];
  };
};
