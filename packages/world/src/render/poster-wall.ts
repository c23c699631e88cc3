import type { Poster, WorldLayout } from '@atrium/protocol';
import * as THREE from 'three';
import type { Interactable } from '../interaction.ts';

/** Posters hung on the layout's wall slots, and the targets that open their popup. */
export interface PosterWall {
  readonly targets: readonly Interactable[];
  dispose(): void;
}

const POSTER_W = 2.2;
const POSTER_H = 3;
const FRAME = 0.12;
const HANG_Y = 2.1;
/** How far in front of the wall a poster's interaction point sits. */
const REACH_OFFSET = 0.6;

const loadTexture = (loader: THREE.TextureLoader, url: string): Promise<THREE.Texture | null> =>
  new Promise((resolve) => {
    loader.load(
      url,
      (texture) => {
        texture.colorSpace = THREE.SRGBColorSpace;
        texture.anisotropy = 2;
        resolve(texture);
      },
      undefined,
      // A missing image leaves a blank canvas in the frame, not a broken world.
      () => resolve(null),
    );
  });

/**
 * Hangs each poster in its slot with its image, reporting progress per loaded image. Posters
 * whose slot is not on this layout's walls are skipped.
 */
export const hangPosters = async (
  scene: THREE.Scene,
  layout: WorldLayout,
  posters: readonly Poster[],
  onProgress: (done: number, total: number) => void = () => {},
): Promise<PosterWall> => {
  const placed = posters.filter((p) => p.slot < layout.posterSlots.length);
  const loader = new THREE.TextureLoader();
  const group = new THREE.Group();
  group.name = 'poster-wall';
  const frameMaterial = new THREE.MeshStandardMaterial({ color: '#2f2a3a', roughness: 0.6 });
  const frameGeometry = new THREE.BoxGeometry(POSTER_W + FRAME * 2, POSTER_H + FRAME * 2, 0.06);
  const canvasGeometry = new THREE.PlaneGeometry(POSTER_W, POSTER_H);
  const owned: { dispose(): void }[] = [frameMaterial, frameGeometry, canvasGeometry];
  const targets: Interactable[] = [];
  let done = 0;
  onProgress(0, placed.length);

  await Promise.all(
    placed.map(async (poster) => {
      const slot = layout.posterSlots[poster.slot];
      if (!slot) return;
      const texture = await loadTexture(loader, poster.image);
      const material = new THREE.MeshStandardMaterial({
        color: texture ? '#ffffff' : '#f1ede4',
        map: texture,
        roughness: 0.75,
      });
      owned.push(material);
      if (texture) owned.push(texture);
      const holder = new THREE.Group();
      holder.position.set(slot.x, HANG_Y, slot.z);
      holder.rotation.y = slot.ry;
      const frame = new THREE.Mesh(frameGeometry, frameMaterial);
      const art = new THREE.Mesh(canvasGeometry, material);
      art.position.z = 0.035;
      art.userData = { posterId: poster.id };
      holder.add(frame, art);
      group.add(holder);
      const nx = Math.sin(slot.ry);
      const nz = Math.cos(slot.ry);
      targets.push({
        id: `poster:${poster.id}`,
        kind: 'poster',
        label: poster.title,
        x: slot.x + nx * REACH_OFFSET,
        z: slot.z + nz * REACH_OFFSET,
        radius: POSTER_W / 2,
        nx,
        nz,
      });
      done += 1;
      onProgress(done, placed.length);
    }),
  );
  scene.add(group);
  return {
    targets,
    dispose() {
      scene.remove(group);
      for (const o of owned) o.dispose();
    },
  };
};

/** The poster id behind a raycast hit, if the hit object is a poster's image. */
export const posterIdOf = (object: THREE.Object3D | undefined): number | null => {
  const id = (object?.userData as { posterId?: unknown } | undefined)?.posterId;
  return typeof id === 'number' ? id : null;
};
