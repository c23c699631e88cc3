import { roleLabels } from '@atrium/protocol';
import type { CurrentUser, WalletLink, WhoAmI } from '@atrium/protocol';
import { getAddress } from 'viem';
import type { UserRow, WalletLinkRow } from '../db/schema.ts';

/**
 * SPEC §3: `data.address_account` and `data.auth_data` of the current user once a wallet is
 * linked (sign-in with Ethereum); an empty object otherwise.
 */
export function walletLinkView(link: WalletLinkRow): WalletLink {
  return {
    address_account: getAddress(link.address),
    auth_data: {
      chain_id: link.chainId,
      issued_at: link.issuedAt.toISOString(),
      signature: link.signature,
    },
  };
}

const walletData = (link: WalletLinkRow | null | undefined): CurrentUser['data'] =>
  link ? walletLinkView(link) : {};

/** Maps an account (and its linked wallet, if any) to the spec's "current user". */
export function toCurrentUser(user: UserRow, wallet?: WalletLinkRow | null): CurrentUser {
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    status: user.status,
    role: user.role,
    role_label: roleLabels[user.role],
    logged: true,
    is_guest: false,
    data: walletData(wallet),
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
