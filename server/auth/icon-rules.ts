import { ICON_KEYS, ICON_ROLE_ALL, type DisplayFlags, type IconGroup, type IconKey, type PermissionGroup } from '../../src/shared/domain/icons';
import type { UserType } from '../../src/shared/domain/user-types';
import type { Db } from '../db';

/** One icon's visibility rule (back-office §3 'Icon'). */
export interface IconRule {
  key: IconKey;
  title: string;
  group: IconGroup;
  position: number;
  isGroupHead: boolean;
  hideable: boolean;
  roles: string[];
  exclude: string[];
  groups: string[];
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
  return rule.groups.some((group) => subject.groups.has(group as PermissionGroup));
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

function parseList(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export async function loadIconRules(db: Db): Promise<Map<IconKey, IconRule>> {
  const rows = await db.selectFrom('icons').selectAll().orderBy('position').execute();
  const rules = new Map<IconKey, IconRule>();
  for (const row of rows) {
    const key = row.key as IconKey;
    rules.set(key, {
      key,
      title: row.title,
      group: row.group_name as IconGroup,
      position: row.position,
      isGroupHead: row.is_group_head === 1,
      hideable: row.hideable === 1,
      roles: parseList(row.roles),
      exclude: parseList(row.exclude),
      groups: parseList(row.groups),
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
