// A JSON code block: plain text at once, shiki's tokens swapped in when ready (shiki is asked for once the block has
// been on screen, see useSeen). Tokens render as React text, so a recorded string can never become markup.
import { memo, useRef } from 'react';
import { useHighlightedJson, useSeen, type CodeTheme } from './highlighter';

export interface CodeBlockProps {
  text: string;
  theme: CodeTheme;
  /** False to show plain text only (not JSON). */
  highlight?: boolean;
  className?: string;
}

export const CodeBlock = memo(function CodeBlock({ text, theme, highlight = true, className }: CodeBlockProps) {
  const pre = useRef<HTMLPreElement | null>(null);
  const seen = useSeen(pre);
  const lines = useHighlightedJson(highlight ? text : null, theme, seen);
  return (
    // The block scrolls past 20rem (.ss-code), so it takes focus for keyboard scrolling.
    <pre ref={pre} className={`ss-code ${className ?? ''}`} data-highlighted={lines ? 'true' : 'false'} tabIndex={0}>
      <code>
        {lines
          ? lines.map((line, i) => (
              <span className="ss-code-line" key={i}>
                {line.map((tok, j) => (
                  <span key={j} style={tok.color ? { color: tok.color } : undefined}>
                    {tok.content}
                  </span>
                ))}
                {i < lines.length - 1 ? '\n' : null}
              </span>
            ))
          : text}
      </code>
    </pre>
  );
});
