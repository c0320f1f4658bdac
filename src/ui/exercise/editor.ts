// The exercise's code editor: CodeMirror 6 with JavaScript highlighting, line numbers, undo / redo and
// Ctrl/Cmd+Enter to run; Tab is left to move focus (no keyboard trap). `markLine` tints the line an error names.
// The page's CSP (style-src 'self', no 'unsafe-inline') refuses the <style> element CodeMirror's style-mod adds to a
// document, so the editor lives in a shadow root of its host: there style-mod uses a constructed style sheet
// (adoptedStyleSheets, which style-src does not govern), and so do our own editor.css rules (imported as text). The
// page's colour variables inherit through the shadow boundary.
import { EditorState, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers, type DecorationSet } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { HighlightStyle, bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { javascript } from '@codemirror/lang-javascript';
import { tags } from '@lezer/highlight';
import editorCss from './editor.css?inline';

export interface CodeEditor {
  getCode(): string;
  setCode(code: string): void;
  /** Tints line `line` (1-based) and scrolls to it; null clears it. */
  markLine(line: number | null): void;
  focus(): void;
  destroy(): void;
}

const setMark = StateEffect.define<number | null>();
const errorLine = Decoration.line({ class: 'ss-ex-error-line' });

const marks = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    let next = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setMark)) continue;
      const line = e.value;
      next = line === null || line < 1 || line > tr.state.doc.lines ? Decoration.none : Decoration.set([errorLine.range(tr.state.doc.line(line).from)]);
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});

const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword, tags.definitionKeyword, tags.moduleKeyword], class: 'ss-tok-keyword' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], class: 'ss-tok-string' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], class: 'ss-tok-number' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], class: 'ss-tok-comment' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName), tags.definition(tags.function(tags.variableName))], class: 'ss-tok-function' },
  { tag: [tags.propertyName], class: 'ss-tok-property' },
]);

export function createEditor(parent: HTMLElement, doc: string, opts: { label: string; onRun: () => void; onChange: () => void }): CodeEditor {
  const extensions: Extension[] = [
    lineNumbers(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    highlightActiveLine(),
    javascript(),
    syntaxHighlighting(highlight),
    marks,
    // Ctrl+Enter and Cmd (Meta)+Enter on every system, as the Run button's aria-keyshortcuts says
    keymap.of([
      { key: 'Ctrl-Enter', preventDefault: true, run: () => (opts.onRun(), true) },
      { key: 'Meta-Enter', preventDefault: true, run: () => (opts.onRun(), true) },
      ...defaultKeymap,
      ...historyKeymap,
    ]),
    EditorView.contentAttributes.of({ 'aria-label': opts.label }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) opts.onChange();
    }),
  ];
  const shadow = parent.shadowRoot ?? parent.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(editorCss);
  shadow.adoptedStyleSheets = [sheet];
  const mount = document.createElement('div');
  shadow.replaceChildren(mount);
  const view = new EditorView({ parent: mount, root: shadow, state: EditorState.create({ doc, extensions }) });
  return {
    getCode: () => view.state.doc.toString(),
    setCode: (code) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code }, effects: setMark.of(null) }),
    markLine(line) {
      const effects: StateEffect<unknown>[] = [setMark.of(line)];
      if (line !== null && line >= 1 && line <= view.state.doc.lines) effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: 'center' }));
      view.dispatch({ effects });
    },
    focus: () => view.focus(),
    destroy() {
      view.destroy();
      shadow.replaceChildren();
    },
  };
}
