// Bounded pretty JSON in a code block (./pretty.ts), with a plain note when it was shortened: containers past a
// depth on one line, text past a length cut. Shortened text is not highlighted (no tokenizing of deep or huge text).
import { memo } from 'react';
import type { Translate } from '../../i18n';
import { CodeBlock } from './CodeBlock';
import type { CodeTheme } from './highlighter';
import type { Pretty } from './pretty';

export const JsonBlock = memo(function JsonBlock({ pretty, theme, t, highlight = true }: { pretty: Pretty; theme: CodeTheme; t: Translate; highlight?: boolean }) {
  const shortened = pretty.flatFrom !== undefined || pretty.cutAt !== undefined;
  return (
    <>
      {pretty.flatFrom !== undefined ? (
        <p className="ss-note" role="note">
          {t('panels.code.flat', { depth: pretty.flatFrom })}
        </p>
      ) : null}
      {pretty.cutAt !== undefined ? (
        <p className="ss-note" role="note">
          {t('panels.code.cut', { chars: pretty.cutAt })}
        </p>
      ) : null}
      <CodeBlock text={pretty.cutAt !== undefined ? `${pretty.text}…` : pretty.text} theme={theme} highlight={highlight && !shortened} />
    </>
  );
});
