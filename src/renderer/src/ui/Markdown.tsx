import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';
import './Markdown.css';

// Raw HTML is escaped (html: false) and markdown-it refuses javascript:/data: links, so the output
// carries only markup the parser itself produced from the text.
const renderer = new MarkdownIt({ html: false, linkify: true, typographer: false });
const defaultLinkOpen = renderer.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
renderer.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('target', '_blank');
  tokens[idx]!.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Renders markdown safely (theory chunks, part 2 explanations, the school's documents). */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => renderer.render(text), [text]);
  return <div className={className ?? 'kb-markdown'} dangerouslySetInnerHTML={{ __html: html }} />;
}
