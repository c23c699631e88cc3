import type { AvatarState, WorldLocation } from '@atrium/protocol';
import type { Member, WorldService } from './world.service.ts';

/** Who enters: the avatar's public fields and the account it belongs to. */
export interface Arrival {
  who: { id: string; username: string; roleLabel: string; look: number };
  /** The account (or guest) id: a reconnecting visitor is led back to the instance it was in. */
  account: string;
  location?: WorldLocation | undefined;
}

export interface Admission {
  member: Member;
  /** Everyone else in the instance, on any process. */
  others: AvatarState[];
}

/** One open instance and how many are in it. */
export interface InstanceSize {
  world: string;
  instance: string;
  size: number;
}

/**
 * Where instances, their capacity and avatar indexes are decided: once for the whole campus, so
 * every process agrees on who is in which instance and under which snapshot index.
 */
export interface InstanceDirectory {
  join(socketId: string, world: string, arrival: Arrival): Promise<Admission>;
  /** Removes a socket of this process; the member it was, if any. */
  leave(socketId: string): Promise<Member | undefined>;
  /** The positions just sent out, so a newcomer on another process is told where people stand. */
  publish(instanceId: string, moved: readonly Member[]): void;
  /** `reaped` hears of avatars removed because their process died. */
  start(reaped: (instanceId: string, avatarId: string, index: number) => void): void;
  stop(): Promise<void>;
  /** Every open instance of the campus, on any process, with its member count (for metrics). */
  sizes(): Promise<InstanceSize[]>;
  /** Where everyone in an instance stands, on any process (as last published for the others). */
  positions(instanceId: string): Promise<AvatarState[]>;
  /** True when other processes share the instances (snapshots then cross processes). */
  readonly shared: boolean;
}

/** One process: the instances live in this process's memory, as they always did. */
export class MemoryDirectory implements InstanceDirectory {
  readonly shared = false;

  constructor(private readonly service: WorldService) {}

  join(socketId: string, world: string, arrival: Arrival): Promise<Admission> {
    const member = this.service.join(socketId, world, arrival.who, arrival.location);
    const others = [...(this.service.instances.get(member.instanceId)?.members.values() ?? [])]
      .filter((m) => m.socketId !== socketId)
      .map((m) => m.state);
    return Promise.resolve({ member, others });
  }

  leave(socketId: string): Promise<Member | undefined> {
    return Promise.resolve(this.service.leave(socketId));
  }

  publish(): void {}

  positions(instanceId: string): Promise<AvatarState[]> {
    const members = this.service.instances.get(instanceId)?.members.values() ?? [];
    return Promise.resolve([...members].map((m) => m.state));
  }

  sizes(): Promise<InstanceSize[]> {
    return Promise.resolve(
      [...this.service.instances.values()].map((i) => ({
        world: i.world,
        instance: i.id,
        size: i.members.size,
      })),
    );
  }

  start(): void {}

  stop(): Promise<void> {
    return Promise.resolve();
  }
}
