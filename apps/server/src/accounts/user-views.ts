import { roleLabels } from '@atrium/protocol';
import type { CurrentUser, WhoAmI } from '@atrium/protocol';
import type { UserRow } from '../db/schema.ts';

/** Maps an account to the spec's "current user". */
export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    status: user.status,
    role: user.role,
    role_label: roleLabels[user.role],
    logged: true,
    is_guest: false,
    data: {},
  };
}

/** Maps an account to the spec's who-am-I profile. */
export function toWhoAmI(user: UserRow): WhoAmI {
  return {
    is_superadmin: user.role === 'admin',
    is_teacher: user.role === 'teacher',
    _id: user.id,
    username: user.username,
    email: user.email,
    status: user.status,
    first_name: user.firstName,
    last_name: user.lastName,
    phone_number: user.phoneNumber,
    profile_picture: user.profilePicture,
    description: user.description,
    last_login: user.lastLogin ? user.lastLogin.toISOString() : null,
    role: user.role,
    role_label: roleLabels[user.role],
  };
}
