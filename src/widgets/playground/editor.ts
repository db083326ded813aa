/**
 * The code editor of a playground and of a code exercise: CodeMirror 6 with TypeScript syntax,
 * loaded on first interaction. Tab moves past the code until the reader chooses to edit it
 * (tabPassesUntilEdited), so the keyboard is never trapped. Colours come from CSS variables, so
 * it reads in both themes.
 */
import { EditorState, type Extension } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  HighlightStyle,
  LanguageSupport,
  bracketMatching,
  indentOnInput,
  syntaxHighlighting,
} from "@codemirror/language";
import { javascript, typescriptLanguage } from "@codemirror/lang-javascript";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { styleTags, tags } from "@lezer/highlight";
import type { ErrorMark } from "./error-marks.ts";

export interface Editor {
  getCode(): string;
  setCode(code: string): void;
  /**
   * Take the focus. `chosen`: the reader chose to edit (a click on the code brought them, before
   * the editor existed), so Tab indents at once; else Tab moves past the code, as on any arrival
   * by keyboard.
   */
  focus(chosen?: boolean): void;
  /**
   * Mark an error in the code as a lint diagnostic (gutter marker, underline, its message on
   * hover): at its column (1-based) when it has one, as a syntax error does, else the whole
   * line's code, as a runtime error's line; a list marks each (a run's error and its type
   * errors). null clears them.
   */
  markError(error: ErrorMark | readonly ErrorMark[] | null): void;
}

/**
 * The colours of the static code the editor replaces (shiki's GitHub high-contrast themes, named in
 * src/components/code/static-code.ts for the playgrounds and the code exercises' starters), token
 * class for token class as far as CodeMirror's parser tells them apart:
 * keywords and operators, strings, constants (numbers, types, a declared name), declared types,
 * classes and parameters, function names, comments (upright, as shiki draws them). A name declared
 * with `let` takes the constant colour, as one declared with `const` does: CodeMirror does not tell
 * them apart, where shiki colours only the `const` one. A class's `constructor` takes a method's
 * colour, where shiki draws it as a keyword.
 */
const highlight = HighlightStyle.define([
  {
    tag: [
      tags.keyword,
      tags.modifier,
      tags.controlKeyword,
      tags.operatorKeyword,
      tags.definitionKeyword,
      tags.moduleKeyword,
      tags.operator,
      // The arrow of an arrow function (storage.type.function.arrow in shiki's grammar).
      tags.function(tags.punctuation),
    ],
    color: "var(--pg-keyword)",
  },
  // A property's dot takes the strings' colour in shiki's themes (punctuation.accessor).
  { tag: [tags.string, tags.special(tags.string), tags.regexp, tags.derefOperator], color: "var(--pg-string)" },
  {
    tag: [tags.number, tags.bool, tags.null, tags.atom, tags.self, tags.typeName, tags.definition(tags.variableName)],
    color: "var(--pg-constant)",
  },
  // A type or class declared, a class constructed (`new Error`), a parameter, an interface's
  // property: entity.name.type, variable.parameter and variable.object.property in shiki's grammar.
  {
    tag: [
      tags.definition(tags.typeName),
      tags.definition(tags.className),
      tags.className,
      tags.local(tags.definition(tags.variableName)),
      tags.special(tags.definition(tags.propertyName)),
    ],
    color: "var(--pg-name)",
  },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: "var(--pg-comment)" },
  {
    tag: [
      tags.function(tags.variableName),
      tags.function(tags.propertyName),
      tags.function(tags.definition(tags.variableName)),
      tags.function(tags.definition(tags.propertyName)),
    ],
    color: "var(--pg-function)",
  },
]);

/**
 * TypeScript as CodeMirror parses it, with three names told apart as shiki's grammar tells them:
 * a method's name where it is declared (a function's colour), a parameter and an interface's
 * property (the declared names' colour). @lezer/javascript gives each the tag of a plain
 * declared name or property.
 */
const typescript = (() => {
  const support = javascript({ typescript: true });
  const language = typescriptLanguage.configure({
    props: [
      styleTags({
        "MethodDeclaration/PropertyDefinition": tags.function(tags.definition(tags.propertyName)),
        "ParamList/VariableDefinition": tags.local(tags.definition(tags.variableName)),
        "PropertyType/PropertyDefinition": tags.special(tags.definition(tags.propertyName)),
      }),
    ],
  });
  return new LanguageSupport(language, support.support);
})();

const theme = EditorView.theme({
  "&": { color: "var(--pg-text)", backgroundColor: "transparent" },
  // The line height comes from the page (each widget sets its static code's), so the editor
  // takes exactly the room of the code it replaces; CodeMirror's own is 1.4.
  ".cm-scroller": { lineHeight: "inherit" },
  ".cm-content": { caretColor: "var(--sl-color-text)", fontFamily: "var(--__sl-font-mono, monospace)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--sl-color-text)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": {
    backgroundColor: "var(--pg-selection) !important",
  },
  ".cm-gutters": { backgroundColor: "transparent", color: "var(--sl-color-gray-3)", border: "none" },
  ".cm-activeLine": { backgroundColor: "var(--pg-active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--pg-active-line)" },
  "&.cm-focused": { outline: "2px solid var(--sl-color-text-accent)", outlineOffset: "-2px" },
  // An error mark's message on hover, in the page's colours (CodeMirror's own are for a light page).
  ".cm-tooltip": {
    backgroundColor: "var(--sl-color-bg)",
    color: "var(--sl-color-text)",
    border: "1px solid var(--sl-color-gray-5)",
  },
});

/**
 * Tab moves past the code until the reader chooses to edit it: a click in it, or an edit (a key
 * typed, a paste, an undo). Then Tab indents, and Escape then Tab moves on (CodeMirror's escape
 * hatch). Each arrival by keyboard starts over. The hint under the code says so
 * (src/components/code/EditorKeys.astro).
 */
function tabPassesUntilEdited(parent: HTMLElement, view: () => EditorView): Extension {
  // A press that will focus the editor: the focus it brings is a choice to edit.
  let pressed = false;
  parent.addEventListener(
    "pointerdown",
    () => {
      pressed = !view().hasFocus;
      view().setTabFocusMode(false);
    },
    true,
  );
  // A touch that turned into a scroll of the page brought no focus.
  parent.addEventListener("pointercancel", () => (pressed = false), true);
  parent.addEventListener("focusin", () => {
    if (!pressed) view().setTabFocusMode(true);
    pressed = false;
  });
  // The line saying so may stick to the window's foot, over the code, while the code has the
  // focus (Playground.astro): the caret is scrolled clear of it.
  const margins = EditorView.scrollMargins.of(() => {
    const keys = parent.parentElement?.querySelector<HTMLElement>(":scope > [data-editor-keys]");
    return keys && getComputedStyle(keys).position === "sticky" ? { bottom: keys.offsetHeight } : null;
  });
  const choosing = EditorView.updateListener.of((update) => {
    const edited = update.transactions.some((tr) =>
      ["input", "delete", "undo", "redo", "move"].some((event) => tr.isUserEvent(event)),
    );
    if (update.docChanged && edited) update.view.setTabFocusMode(false);
  });
  return [margins, choosing];
}

export function createEditor(
  parent: HTMLElement,
  code: string,
  options: { label: string; onChange(code: string): void; onRun(): void },
): Editor {
  const view: EditorView = new EditorView({
    parent,
    state: EditorState.create({
      doc: code,
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(highlight),
        typescript,
        lintGutter(),
        keymap.of([
          { key: "Mod-Enter", run: () => (options.onRun(), true) },
          ...defaultKeymap,
          ...historyKeymap,
          indentWithTab,
        ]),
        theme,
        EditorView.contentAttributes.of({ "aria-label": options.label }),
        tabPassesUntilEdited(parent, () => view),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    getCode: () => view.state.doc.toString(),
    setCode: (next) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } }),
    focus(chosen = false) {
      view.focus();
      if (chosen) view.setTabFocusMode(false);
    },
    markError(error) {
      const errors = error === null ? [] : "line" in error ? [error] : error;
      const doc = view.state.doc;
      const diagnostics = errors.map((mark) => {
        const line = doc.line(Math.min(Math.max(mark.line, 1), doc.lines));
        if (mark.column === undefined) {
          // The line's code, without its indentation: that is where the underline reads as "this line".
          const indent = /^\s*/.exec(line.text)![0].length;
          const from = indent < line.length ? line.from + indent : line.from;
          return { from, to: line.to, severity: "error" as const, message: mark.message };
        }
        const from = Math.min(line.from + Math.max(mark.column - 1, 0), line.to);
        const to = from < line.to ? from + 1 : line.to;
        return {
          from: from === to ? line.from : from,
          to: from === to ? line.to : to,
          severity: "error" as const,
          message: mark.message,
        };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
  };
}
