import {
  ICON_KEYS,
  ICON_ROLE_ALL,
  isIconKey,
  PERMISSION_GROUPS,
  type DisplayFlags,
  type IconGroup,
  type IconKey,
  type PermissionGroup,
} from '../../src/shared/domain/icons';
import { isUserType, type UserType } from '../../src/shared/domain/user-types';
import type { Db } from '../db';
import { isOneOf } from '../../src/shared/guards';

/** One icon's visibility rule (back-office §3 'Icon'). */
export interface IconRule {
  key: IconKey;
  title: string;
  group: IconGroup;
  position: number;
  isGroupHead: boolean;
  hideable: boolean;
  roles: Array<UserType | typeof ICON_ROLE_ALL>;
  exclude: UserType[];
  groups: PermissionGroup[];
}

/** Who the rules are evaluated for. */
export interface IconSubject {
  type: UserType;
  groups: ReadonlySet<PermissionGroup>;
}

/**
 * Allowed when the type is listed (or 'all' is) or the user is in one of the icon's groups,
 * and the type is not excluded. Exclusion wins: a denied role stays denied.
 */
export function iconAllowed(rule: IconRule | undefined, subject: IconSubject): boolean {
  if (!rule) return false;
  if (rule.exclude.includes(subject.type)) return false;
  if (rule.roles.includes(ICON_ROLE_ALL) || rule.roles.includes(subject.type)) return true;
  return rule.groups.some((group) => subject.groups.has(group));
}

/** The flags pushed to the client: allowed by the rules and not hidden by the user. */
export function displayFlags(rules: ReadonlyMap<IconKey, IconRule>, subject: IconSubject, hidden: ReadonlySet<string>): DisplayFlags {
  const flags = {} as DisplayFlags;
  for (const key of ICON_KEYS) {
    const rule = rules.get(key);
    const shown = iconAllowed(rule, subject) && !(rule?.hideable && hidden.has(key));
    flags[key] = shown ? '1' : '0';
  }
  return flags;
}

/** A stored JSON list, keeping only the values the guard knows (a typo in the table never widens access). */
function parseList<T extends string>(text: string, known: (value: string) => value is T): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is T => typeof item === 'string' && known(item)) : [];
  } catch {
    return [];
  }
}

const isRole = (value: string): value is UserType | typeof ICON_ROLE_ALL => value === ICON_ROLE_ALL || isUserType(value);
const isGroup = (value: string): value is PermissionGroup => isOneOf(PERMISSION_GROUPS, value);

export async function loadIconRules(db: Db): Promise<Map<IconKey, IconRule>> {
  const rows = await db.selectFrom('icons').selectAll().orderBy('position').execute();
  const rules = new Map<IconKey, IconRule>();
  for (const row of rows) {
    const key = row.key;
    // A row whose key the code does not know is no icon of this version (never shown, never allowed).
    if (!isIconKey(key)) continue;
    rules.set(key, {
      key,
      title: row.title,
      group: row.group_name as IconGroup,
      position: row.position,
      isGroupHead: row.is_group_head === 1,
      hideable: row.hideable === 1,
      roles: parseList(row.roles, isRole),
      exclude: parseList(row.exclude, isUserType),
      groups: parseList(row.groups, isGroup),
    });
  }
  return rules;
}

/**
 * The icons configuration, cached per process; admins change it rarely, and every change is
 * announced on the bus so each instance drops its copy (see live/publisher).
 */
export class IconRulesCache {
  private current: Promise<Map<IconKey, IconRule>> | undefined;
  constructor(private readonly db: Db) {}

  get(): Promise<Map<IconKey, IconRule>> {
    if (!this.current) {
      const loading = loadIconRules(this.db);
      this.current = loading;
      loading.catch(() => {
        if (this.current === loading) this.current = undefined;
      });
    }
    return this.current;
  }

  invalidate(): void {
    this.current = undefined;
  }
}
