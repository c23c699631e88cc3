import { AdminText, adminText, CLASSROOM_ROOMS, parseGroupChannel } from '@atrium/protocol';
import type { AdminClassroom, ClassroomRoom, EntryPolicy } from '@atrium/protocol';
import type { AuditRepository } from '../../accounts/audit.repository.ts';
import type { FeatureDeps } from '../feature.ts';
import { requireAdmin } from './admin.access.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { Actor } from './admin.people.service.ts';

/** Issue 29's classrooms: who is in each now, the entry policy, and ending a class. */
export class ClassroomsService {
  constructor(
    private readonly repo: AdminRepository,
    private readonly audit: AuditRepository,
    private readonly classroom: FeatureDeps['classroom'],
  ) {}

  async list(claims: Actor['claims']): Promise<AdminClassroom[]> {
    requireAdmin(claims);
    const [present, policies] = await Promise.all([
      this.repo.presentInRooms(),
      this.repo.entryPolicies(),
    ]);
    return CLASSROOM_ROOMS.map((room) => ({
      channel: room,
      entry_policy: policies.find((p) => p.channel === room)?.policy ?? 'open',
      people: present
        .filter((row) => (parseGroupChannel(row.channel)?.room ?? row.channel) === room)
        .map((row) => ({ name: row.name, role: row.role, channel: row.channel })),
    }));
  }

  async end({ claims, address }: Actor, channel: ClassroomRoom): Promise<string> {
    const admin = requireAdmin(claims);
    const count = await this.classroom.endClass(channel, admin.sub);
    await this.audit.write({
      actorId: admin.sub,
      actorName: admin.username,
      action: 'classroom.end',
      targetId: channel,
      targetLabel: channel,
      address,
      after: { left: count },
    });
    return count === 0
      ? adminText(AdminText.classEmpty, { room: channel })
      : adminText(AdminText.classEnded, { room: channel, count: String(count) });
  }

  /**
   * Sets a class's entry policy as its teacher would (opening lets in whoever waits; closing
   * keeps in whoever is in), audited with the policy before.
   */
  async setPolicy(
    { claims, address }: Actor,
    channel: ClassroomRoom,
    policy: EntryPolicy,
  ): Promise<string> {
    const admin = requireAdmin(claims);
    const before = (await this.repo.entryPolicies()).find((p) => p.channel === channel)?.policy;
    await this.classroom.changePolicy(channel, policy);
    await this.audit.write({
      actorId: admin.sub,
      actorName: admin.username,
      action: 'classroom.policy',
      targetId: channel,
      targetLabel: channel,
      address,
      before: { entry_policy: before ?? 'open' },
      after: { entry_policy: policy },
    });
    return adminText(policy === 'open' ? AdminText.classOpen : AdminText.classAsk, {
      room: channel,
    });
  }
}
