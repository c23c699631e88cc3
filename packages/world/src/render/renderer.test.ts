import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from './renderer.ts';

/** Just what isSoftwareRenderer reads of a WebGL context. */
const gl = (renderer: string, unmasked: string | null) =>
  ({
    RENDERER: 0x1f01,
    getParameter: (p: number) => (p === 0x1f01 ? renderer : unmasked),
    getExtension: (name: string) =>
      name === 'WEBGL_debug_renderer_info' && unmasked !== null
        ? { UNMASKED_RENDERER_WEBGL: 0x9246 }
        : null,
  }) as unknown as WebGLRenderingContext;

describe('software renderer detection', () => {
  it('knows the CPU rasterisers by name', () => {
    const chromeSwiftShader =
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';
    expect(isSoftwareRenderer(gl('WebKit WebGL', chromeSwiftShader))).toBe(true);
    expect(isSoftwareRenderer(gl('llvmpipe (LLVM 15.0.6, 256 bits)', null))).toBe(true);
    expect(isSoftwareRenderer(gl('WebKit WebGL', 'Microsoft Basic Render Driver'))).toBe(true);
  });

  it('leaves a GPU alone, and a browser that names no renderer', () => {
    const gpu = 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)';
    expect(isSoftwareRenderer(gl('WebKit WebGL', gpu))).toBe(false);
    expect(isSoftwareRenderer(gl('Apple GPU', null))).toBe(false);
    expect(isSoftwareRenderer(gl('WebKit WebGL', null))).toBe(false);
  });
});
