import type { IconKey, PermissionGroup } from '../domain/icons';
import type { UserType } from '../domain/user-types';

/**
 * Who may make a call. Declared as data, so the server evaluates it and the generic access
 * tests can find a user it refuses.
 */
export type AccessRule =
  | { readonly kind: 'public' }
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'types'; readonly types: readonly UserType[] }
  | { readonly kind: 'icon'; readonly icon: IconKey }
  | { readonly kind: 'group'; readonly group: PermissionGroup }
  | { readonly kind: 'anyOf'; readonly rules: readonly AccessRule[] };

export const access = {
  /** No session needed (sign-in calls). */
  public: { kind: 'public' } as const satisfies AccessRule,
  /** Any signed-in user, whatever their type. */
  signedIn: { kind: 'signedIn' } as const satisfies AccessRule,
  types: (...types: UserType[]): AccessRule => ({ kind: 'types', types }),
  /** The same rule that shows the button: a hidden-by-rule button is a closed door. */
  icon: (icon: IconKey): AccessRule => ({ kind: 'icon', icon }),
  group: (group: PermissionGroup): AccessRule => ({ kind: 'group', group }),
  anyOf: (...rules: AccessRule[]): AccessRule => ({ kind: 'anyOf', rules }),
};
