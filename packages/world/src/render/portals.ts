import type { WorldLayout } from '@atrium/protocol';
import * as THREE from 'three';
import type { Interactable } from '../interaction.ts';

/** Glowing archways to other worlds, and their interaction targets. */
export interface PortalViews {
  readonly targets: readonly Interactable[];
  /** The portal's custom-setting key by target id. */
  keyOf(targetId: string): string | undefined;
  update(ambientSeconds: number): void;
  dispose(): void;
}

const labelTexture = (text: string): THREE.CanvasTexture => {
  const canvas = document.createElement('canvas');
  canvas.width = 512;
  canvas.height = 96;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = 'rgba(30, 27, 75, 0.82)';
    ctx.beginPath();
    ctx.roundRect(8, 8, 496, 80, 40);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.font = '600 40px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, 256, 50);
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
};

/** Builds an archway for each portal of the layout. */
export const buildPortals = (scene: THREE.Scene, layout: WorldLayout): PortalViews => {
  const group = new THREE.Group();
  group.name = 'portals';
  const owned: { dispose(): void }[] = [];
  const rings: THREE.Mesh[] = [];
  const ringGeometry = new THREE.TorusGeometry(1.3, 0.12, 10, 40);
  const ringMaterial = new THREE.MeshStandardMaterial({
    color: '#a5b4fc',
    emissive: '#6366f1',
    emissiveIntensity: 1.4,
    roughness: 0.3,
  });
  const veilGeometry = new THREE.CircleGeometry(1.22, 40);
  const veilMaterial = new THREE.MeshBasicMaterial({
    color: '#c7d2fe',
    transparent: true,
    opacity: 0.35,
    side: THREE.DoubleSide,
    depthWrite: false,
  });
  owned.push(ringGeometry, ringMaterial, veilGeometry, veilMaterial);
  const targets: Interactable[] = [];
  const keys = new Map<string, string>();

  for (const portal of layout.portals) {
    const holder = new THREE.Group();
    holder.position.set(portal.x, 1.5, portal.z);
    // Face the plaza's centre.
    holder.rotation.y = Math.atan2(-portal.x, -portal.z);
    const ring = new THREE.Mesh(ringGeometry, ringMaterial);
    const veil = new THREE.Mesh(veilGeometry, veilMaterial);
    const texture = labelTexture(portal.label);
    const labelMaterial = new THREE.SpriteMaterial({ map: texture, depthWrite: false });
    const label = new THREE.Sprite(labelMaterial);
    label.scale.set(2.6, 0.49, 1);
    label.position.y = 1.85;
    owned.push(texture, labelMaterial);
    holder.add(ring, veil, label);
    group.add(holder);
    rings.push(ring);
    const id = `portal:${portal.id}`;
    keys.set(id, portal.key);
    targets.push({
      id,
      kind: 'portal',
      label: portal.label,
      x: portal.x,
      z: portal.z,
      radius: 1.3,
    });
  }
  scene.add(group);

  return {
    targets,
    keyOf: (targetId) => keys.get(targetId),
    update(t) {
      for (const ring of rings) ring.rotation.z = t * 0.6;
      veilMaterial.opacity = 0.28 + Math.sin(t * 2) * 0.08;
    },
    dispose() {
      scene.remove(group);
      for (const o of owned) o.dispose();
    },
  };
};
