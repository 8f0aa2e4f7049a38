import { checkerLink } from './logic';

/** The checker's key: a VK link when numeric, plain text otherwise. */
export function CheckerName({ checker }: { checker: string }) {
  const href = checkerLink(checker);
  return href ? (
    <a href={href} target="_blank" rel="noreferrer" data-testid="p2-checker">
      {checker}
    </a>
  ) : (
    <span data-testid="p2-checker">{checker}</span>
  );
}
