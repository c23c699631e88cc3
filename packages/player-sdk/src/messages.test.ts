import { describe, expect, expectTypeOf, it } from 'vitest';
import { FrameCommand, isFrameCommand, type FrameCommandValues } from './messages.ts';

describe('the command → value map', () => {
  it('has one entry per command, no more and no fewer', () => {
    expectTypeOf<keyof FrameCommandValues>().toEqualTypeOf<FrameCommand>();
  });

  it('recognises exactly the commands of this SDK', () => {
    for (const command of Object.values(FrameCommand)) expect(isFrameCommand(command)).toBe(true);
    // Names a newer SDK might send, and names every object has, are not commands here.
    for (const other of ['teleport', 'toString', 'constructor', '__proto__', ''])
      expect(isFrameCommand(other)).toBe(false);
  });
});
