import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { seeded } from './bake.ts';
import { Palette } from './palette.ts';

const RADIUS = 400;

const coloured = (geometry: THREE.BufferGeometry, color: (y: number) => THREE.Color) => {
  const g = geometry.index ? geometry.toNonIndexed() : geometry;
  const position = g.getAttribute('position');
  const colors = new Float32Array(position.count * 3);
  for (let i = 0; i < position.count; i += 1) color(position.getY(i)).toArray(colors, i * 3);
  for (const name of Object.keys(g.attributes)) if (name !== 'position') g.deleteAttribute(name);
  g.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  return g;
};

/**
 * A gradient dome with a few low-poly clouds, centred on the camera. It draws after the opaque
 * scene (renderOrder 1) so the depth test skips every pixel the campus already covers.
 */
export const buildSky = (): THREE.Mesh => {
  const top = new THREE.Color(Palette.skyTop);
  const horizon = new THREE.Color(Palette.skyHorizon);
  const c = new THREE.Color();
  // The upper half only (and a little below the horizon): the ground covers the rest, so the sky
  // never shades pixels the ground will cover anyway.
  const dome = coloured(
    new THREE.SphereGeometry(RADIUS, 20, 6, 0, Math.PI * 2, 0, Math.PI * 0.56),
    (y) => c.copy(horizon).lerp(top, Math.pow(Math.max(0, y / RADIUS), 0.6)),
  );
  const parts = [dome];
  const random = seeded(21);
  const white = new THREE.Color(Palette.cloud);
  const belly = new THREE.Color('#dfe7f3');
  for (let i = 0; i < 9; i += 1) {
    const angle = (i / 9) * Math.PI * 2 + random() * 0.5;
    const distance = 260 + random() * 60;
    const height = 70 + random() * 50;
    for (let j = 0; j < 3; j += 1) {
      const puff = new THREE.DodecahedronGeometry(14 + random() * 10, 0);
      puff.scale(1.6, 0.55, 1);
      puff.translate(
        Math.cos(angle) * distance + (j - 1) * 20,
        height + random() * 6,
        Math.sin(angle) * distance + (random() - 0.5) * 14,
      );
      const base = height;
      parts.push(
        coloured(puff, (y) =>
          c.copy(belly).lerp(white, Math.min(1, Math.max(0, (y - base + 4) / 12))),
        ),
      );
    }
  }
  const geometry = mergeGeometries(parts, false);
  for (const part of parts) part.dispose();
  const sky = new THREE.Mesh(
    geometry,
    new THREE.MeshBasicMaterial({
      vertexColors: true,
      side: THREE.BackSide,
      fog: false,
      depthWrite: false,
    }),
  );
  sky.name = 'sky';
  sky.renderOrder = 1;
  sky.frustumCulled = false;
  sky.onBeforeRender = (_renderer, _scene, camera) => {
    sky.position.set(camera.position.x, -20, camera.position.z);
    sky.updateMatrixWorld();
  };
  return sky;
};
