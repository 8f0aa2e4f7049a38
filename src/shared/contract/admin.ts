import { z } from 'zod';
import { ICON_KEYS, ICON_ROLE_ALL, PERMISSION_GROUPS } from '../domain/icons';
import { USER_TYPES } from '../domain/user-types';
import { access } from './access';
import { live } from './core';
import { intLike, noInput } from './fields';

/** Admin settings (back-office §2.10, §3 'Icon', 'Access group'; §7.2 /admin_settings/…). */

const adminSettings = access.icon('changeVariables');

const iconRole = z.enum([...USER_TYPES, ICON_ROLE_ALL]);

/** Back-office §3 'Icon': name, allowed roles, denied roles, allowed groups. */
export const iconConfigSchema = z.object({
  name: z.enum(ICON_KEYS),
  title: z.string(),
  roles: z.array(iconRole),
  exclude: z.array(z.enum(USER_TYPES)),
  groups: z.array(z.enum(PERMISSION_GROUPS)),
});

export const getAvailableIcons = live('/admin_settings/icons/get_available_icons', {
  input: noInput,
  output: z.object({ icons: z.array(iconConfigSchema), comment: z.string() }),
  access: adminSettings,
});

export const updateAvailableIcon = live('/admin_settings/icons/update_available_icon', {
  input: z
    .object({
      icon: z.enum(ICON_KEYS),
      roles: z.array(iconRole).max(USER_TYPES.length + 1),
      exclude: z.array(z.enum(USER_TYPES)).max(USER_TYPES.length),
      groups: z.array(z.enum(PERMISSION_GROUPS)).max(PERMISSION_GROUPS.length),
    })
    .refine((value) => !value.roles.includes(ICON_ROLE_ALL) || value.roles.length === 1, {
      message: '«all» выбирается только без других ролей',
      path: ['roles'],
    })
    .refine((value) => !value.roles.some((role) => (value.exclude as string[]).includes(role)), {
      message: 'роль не может быть одновременно разрешённой и запрещённой',
      path: ['exclude'],
    }),
  output: z.object({}),
  access: adminSettings,
});

const groupMember = z.object({ userId: z.string(), userFullName: z.string() });

export const getUsersForGroups = live('/admin_settings/groups/get_users_for_groups', {
  input: noInput,
  output: z.object({
    groups: z.array(z.object({ group: z.enum(PERMISSION_GROUPS), comment: z.string() })),
    usersForGroups: z.record(z.string(), z.array(groupMember)),
    /** Staff who can be put into groups (the select lists of the Группы tab). */
    users: z.array(groupMember),
  }),
  access: adminSettings,
});

export const updateGroupAccess = live('/admin_settings/groups/update_group_access', {
  input: z.object({
    group: z.enum(PERMISSION_GROUPS),
    usersForGroup: z.array(intLike).max(500),
  }),
  output: z.object({}),
  access: adminSettings,
});
