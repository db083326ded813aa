/**
 * Which error of a run an editor marks, and when: the one rule of the playgrounds' and the code
 * exercises' editors. A syntax error is marked at its column, a runtime error (a throw, a
 * TypeError, `throw "boom"`) along its line, when the error is in the file the editor shows;
 * a mark is made only if nothing cleared the marks since its run began. Both widgets clear them
 * on a newer run, on Reset and on an edit: edited, the code is no longer what the error came from.
 * A playground's type errors (typecheck.ts) are marked the same way, at their columns, beside
 * the run's own error.
 */
import type { RunError, TypeDiagnostic } from "../../playground/protocol.ts";

/** An error as an editor marks it: 1-based line, and column when it has one. */
export interface ErrorMark {
  line: number;
  column?: number;
  message: string;
}

/** What marks errors in code: the editor (editor.ts), or a stand-in in tests. */
export interface MarksErrors {
  markError(error: ErrorMark | readonly ErrorMark[] | null): void;
}

/** The mark for a run's error in an editor showing `file`; null when it has no line there. */
export function errorMark(error: RunError | undefined, file: string): ErrorMark | null {
  if (error?.line === undefined || (error.file ?? file) !== file) return null;
  return { line: error.line, column: error.column, message: error.message };
}

/**
 * The error marks of one editor, which may still be loading: `editor` settles when it is ready.
 * `start()` as a run starts clears the marks and returns what marks that run's error, given the
 * file the editor shows; `clear()` clears them, and keeps an older run from marking after it.
 */
export function errorMarks(editor: Promise<MarksErrors>) {
  let cleared = 0;
  let shown = false;
  const clear = () => {
    cleared++;
    if (!shown) return;
    shown = false;
    void editor.then((e) => e.markError(null));
  };
  return {
    clear,
    /**
     * The returned function marks the run's error; called again with the run's type errors (they
     * come later, from their own worker), it marks those in the editor's file beside it.
     */
    start(): (error: RunError | undefined, file: string, typeErrors?: readonly TypeDiagnostic[]) => void {
      clear();
      const started = cleared;
      return (error, file, typeErrors = []) => {
        const marks = [error, ...typeErrors].flatMap((e) => errorMark(e, file) ?? []);
        if (marks.length === 0) return;
        void editor.then((e) => {
          if (cleared !== started) return;
          shown = true;
          e.markError(marks.length === 1 ? marks[0]! : marks);
        });
      };
    },
  };
}
