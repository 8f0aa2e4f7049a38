import { vkProfileHref } from './person-link';

export interface PersonLinkProps {
  /** The user's public key (a VK id, or 'id{n}' for users without VK). */
  userKey: string;
  /** Shown text; the key itself when the name is unknown. */
  name: string;
  testId?: string;
}

/** A person by name, linked to their VK page when their key is a VK id (spec: checkers and students are shown as links). */
export function PersonLink({ userKey, name, testId }: PersonLinkProps) {
  const href = vkProfileHref(userKey);
  const shown = name || userKey;
  return href ? (
    <a href={href} target="_blank" rel="noreferrer" data-testid={testId}>
      {shown}
    </a>
  ) : (
    <span data-testid={testId}>{shown}</span>
  );
}
