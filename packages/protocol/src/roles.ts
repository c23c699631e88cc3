import { z } from 'zod';

/** Role ids of SPEC §6. */
export const Role = { admin: 'admin', teacher: 'teacher', member: 'member' } as const;
export const RoleSchema = z.enum([Role.admin, Role.teacher, Role.member]);
export type Role = z.infer<typeof RoleSchema>;

/** The label shown in brackets next to a username. */
export const roleLabels: Record<Role, string> = {
  admin: 'Admin',
  teacher: 'Teacher',
  member: 'Member',
};
