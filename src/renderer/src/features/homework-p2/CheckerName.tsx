import { checkerLink } from './logic';

/** The checker by name (their key when the name is unknown): a VK link when the key is a VK id. */
export function CheckerName({ checker, name }: { checker: string; name: string }) {
  const href = checkerLink(checker);
  const shown = name || checker;
  return href ? (
    <a href={href} target="_blank" rel="noreferrer" data-testid="p2-checker">
      {shown}
    </a>
  ) : (
    <span data-testid="p2-checker">{shown}</span>
  );
}
