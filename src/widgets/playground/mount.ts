/**
 * A playground comes alive: the static highlighted code becomes a CodeMirror editor, Run
 * sends the code to a sandboxed worker, edits are saved per playground, Reset and Share work.
 * Loaded by bootstrap.ts on the first interaction.
 */
import type { Editor } from "./editor.ts";
import type { RunHandle } from "../../playground/host.ts";
import {
  defaultTimeoutMs,
  type RunResult,
  type TypeDiagnostic,
  typeCheckNoteDelayMs,
} from "../../playground/protocol.ts";
import { describeRunError as describe, OutputView } from "./output.ts";
import { loadEdit, loadKeptEdit, saveEdit } from "./storage.ts";
import { sharedCode, shareUrl } from "./share.ts";
import { errorMarks } from "./error-marks.ts";
import { loadTypeChecker } from "./type-checker.ts";

import { prewarm } from "../../playground/worker-pool.ts";
import { handFocus, holdsFocus } from "../focus.ts";

const loadRunner = () => import("../../playground/browser-host.ts");
const loadEditor = () => import("./editor.ts");
/** What the status says after Reset, while the code is the original. */
const resetSaid = "Reset: the original code is back";

/** Start what a run needs before the click lands: boot a worker, fetch the transpiler. */
export function warm(): void {
  prewarm();
  void loadRunner();
}

export async function mountPlayground(
  root: HTMLElement,
  takeAction: () => string | undefined = () => undefined,
): Promise<void> {
  const name = root.dataset.name!;
  const originalHash = root.dataset.hash!;
  const timeoutMs = Number(root.dataset.timeout) || defaultTimeoutMs;
  const original = root.querySelector<HTMLTemplateElement>("template[data-original]")!.content.textContent ?? "";
  const codeBox = root.querySelector<HTMLElement>("[data-code]")!;
  const notice = root.querySelector<HTMLElement>("[data-notice]")!;
  const title = root.querySelector("[id$='-title']")?.textContent ?? name;
  const output = new OutputView(root);
  prewarm();
  const runner = loadRunner();

  let code = original;
  let editor: Editor | null = null;
  let current: { handle: RunHandle } | null = null;

  const shareButton = root.querySelector<HTMLElement>('[data-action="share"]')!;
  const showNotice = (...parts: (string | Node)[]) => {
    // A button of the notice that takes itself away (Close, Discard it) must not drop focus on the
    // page's body: it goes to the notice's next button, or to Share, the control before it.
    const lost = holdsFocus(notice);
    notice.replaceChildren(...parts);
    notice.hidden = parts.length === 0;
    if (lost) handFocus(notice.querySelector("button"), shareButton);
  };
  const button = (label: string, onClick: () => void) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "playground__button";
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  };

  // Which code to show: a share link beats a saved edit, which beats the original. A share
  // link never overwrites the reader's own edit: it is put aside ("kept") and offered back.
  const link = await sharedCode(name);
  const shared = link.kind === "code" ? link.code : null;
  const saved = loadEdit(name);
  const setCode = (next: string) => {
    editor?.setCode(next);
    code = next;
    printed.textContent = next;
  };
  /** Swap what is shown with what is kept aside, so neither is ever lost. */
  const swapWithKept = (shownLabel: string, keptLabel: string) => {
    const kept = loadKeptEdit(name);
    if (!kept) return;
    const shown = editor?.getCode() ?? code;
    saveEdit(name, shown === original ? null : { original: originalHash, code: shown }, "kept");
    saveEdit(name, kept.code === original ? null : { original: originalHash, code: kept.code });
    setCode(kept.code);
    if (shown === original) {
      showNotice(`Showing ${shownLabel}, saved in this browser. Reset restores the original.`);
      return;
    }
    showNotice(
      `Showing ${shownLabel}. ${keptLabel[0]!.toUpperCase()}${keptLabel.slice(1)} is kept in this browser: `,
      button(`Open ${keptLabel}`, () => swapWithKept(keptLabel, shownLabel)),
    );
  };
  const keptOffer = (shownLabel: string): (string | Node)[] =>
    loadKeptEdit(name)
      ? [
          " Your own edit from before the shared link is kept: ",
          button("Open my edit", () => swapWithKept("your own edit", shownLabel)),
        ]
      : [];
  // A link that could not be read says so first, then what is shown instead: the reader who
  // followed it expects someone's code, and without a word would take the chapter's for it.
  const unread = link.kind === "damaged" ? `This link's code could not be read: ${link.reason}; ` : "";
  if (shared !== null) {
    code = shared;
    if (saved && saved.code !== shared) saveEdit(name, saved, "kept");
    saveEdit(name, shared === original ? null : { original: originalHash, code: shared });
    showNotice(
      "Showing code from a shared link (saved in this browser). Reset restores the original.",
      ...keptOffer("the shared code"),
    );
  } else if (saved && saved.original === originalHash) {
    code = saved.code;
    showNotice(
      unread
        ? `${unread}showing your edited version, saved in this browser. Reset restores the original.`
        : "Showing your edited version, saved in this browser. Reset restores the original.",
      ...keptOffer("the shared code"),
    );
  } else if (saved) {
    showNotice(
      `${unread ? `${unread}showing the chapter's code. ` : ""}You edited an earlier version of this program; the chapter's code has changed since. `,
      button("Load my old edit", () => {
        setCode(saved.code);
        saveEdit(name, { original: originalHash, code: saved.code });
        showNotice();
      }),
      " ",
      button("Discard it", () => {
        saveEdit(name, null);
        showNotice();
      }),
    );
  } else if (loadKeptEdit(name)) {
    showNotice(
      unread ? `${unread}showing the chapter's code.` : "Showing the original code.",
      ...keptOffer("the original code"),
    );
  } else if (unread) {
    showNotice(`${unread}showing the chapter's code.`);
  }
  if (link.kind !== "none") {
    // Read or not, the link has had its say: a reload shows what is saved, and scrolls nowhere.
    history.replaceState(history.state, "", location.pathname + location.search);
    // The link opens the chapter at this playground, whether its code could be read or not.
    root.scrollIntoView({ block: "start" });
  }
  // The notice is no live region (it changes as the reader edits); a link that failed is said
  // once more through the playground's announcer, so a screen reader hears it without looking.
  // Its first sentence only: the buttons after it are read where they are.
  if (unread) root.querySelector<HTMLElement>("[data-announce]")!.textContent = notice.firstChild?.textContent ?? "";

  // On paper the editor (which draws only the lines in view) gives way to the whole program as text.
  const printed = document.createElement("pre");
  printed.className = "playground__print";
  printed.dataset.print = "only";
  printed.textContent = code;
  codeBox.after(printed);

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let unsaved = false;
  /** Says, once an edit is saved, that it is kept; the notice goes when the code is the original again. */
  const savedSaid = "Your edit is saved in this browser and comes back when you return. Reset restores the original.";
  const save = () => {
    clearTimeout(saveTimer);
    if (!unsaved) return;
    unsaved = false;
    saveEdit(name, code === original ? null : { original: originalHash, code });
    // Another notice (a share link, an old edit on offer) says more than this one: leave it.
    if (notice.hidden || notice.textContent === savedSaid) showNotice(...(code === original ? [] : [savedSaid]));
  };
  const onChange = (next: string) => {
    code = next;
    // Edited, the code is no longer the code the marked error came from (as in a code exercise).
    marks.clear();
    // Edited (or a reset undone), the code is no longer the original: the reset's word is no longer true.
    if (next !== original) output.withdraw(resetSaid);
    printed.textContent = next;
    unsaved = true;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(save, 200);
  };
  // Leaving the page (a link, a reload, closing the tab) within the 200 ms still keeps the last keystrokes.
  addEventListener("pagehide", save);

  // When the first thing asked for is a run, the editor (the heaviest part) loads right after
  // the run has started printing, so it does not compete with the run for the main thread.
  let editorWanted!: () => void;
  const editorGate = new Promise<void>((resolve) => (editorWanted = resolve));
  const editorReady = editorGate.then(loadEditor).then(({ createEditor }) => {
    // Whoever is on the static code when the editor arrives moves into the editor with it; one who
    // clicked it (a focus the browser does not show as the keyboard's) chose to edit it.
    const focused = document.activeElement;
    const hadFocus = focused !== null && codeBox.contains(focused);
    const clicked = hadFocus && !focused.matches(":focus-visible");
    codeBox.replaceChildren();
    codeBox.dataset.print = "hide";
    editor = createEditor(codeBox, code, { label: `Code: ${title}`, onChange, onRun: () => void run() });
    root.dataset.editor = "ready";
    if (hadFocus) editor.focus(clicked);
    return editor;
  });

  // A run's error is marked until the next run, Reset or an edit.
  const marks = errorMarks(editorReady);

  const stop = () => {
    current?.handle.stop();
    current = null;
  };
  /** Counts runs and resets: a type check whose run is no longer the last one shown says nothing. */
  let shownRun = 0;

  async function run(): Promise<void> {
    stop();
    const thisRun = ++shownRun;
    const source = editor?.getCode() ?? code;
    const markError = marks.start();
    output.start();
    const { runInPage } = await runner;
    const files = { "main.ts": source };
    const token: { handle: RunHandle } = { handle: undefined as unknown as RunHandle };
    token.handle = runInPage({ files, entry: "main.ts", timeoutMs }, (event) => {
      if (current === token) output.append(event);
      editorWanted();
    });
    current = token;
    // Edited code is type-checked beside the run, in the type-checker's own worker; code that did
    // not start (a syntax error, which is to be fixed first) does not load TypeScript for nothing.
    const checkStarted = performance.now();
    const typeErrors: Promise<TypeDiagnostic[]> | null =
      source === original || !token.handle.started
        ? null
        : loadTypeChecker().then(({ typeCheckInPage }) => typeCheckInPage(files));
    typeErrors?.catch(() => {});
    const result: RunResult = await token.handle.result;
    editorWanted();
    if (current !== token) return; // reset or run again meanwhile
    current = null;
    output.finish(result, describe);
    markError(result.error, "main.ts");
    // A program that did not run has its syntax error to fix first.
    if (!typeErrors || result.status === "syntax-error") return;
    // A check still out a moment after the run's end is shown to be under way, counting its seconds
    // (a cold one loads TypeScript) until it answers or fails.
    const pending = setTimeout(
      () => shownRun === thisRun && output.typeCheckPending(checkStarted),
      typeCheckNoteDelayMs,
    );
    let found: TypeDiagnostic[];
    try {
      found = await typeErrors;
    } catch (error) {
      if (shownRun === thisRun) output.typeCheckFailed(error instanceof Error ? error.message : String(error));
      return;
    } finally {
      clearTimeout(pending);
    }
    if (shownRun !== thisRun) return;
    output.typeErrors(found, describe);
    markError(result.error, "main.ts", found);
  }

  function reset(): void {
    stop();
    shownRun++;
    code = original;
    printed.textContent = original;
    editor?.setCode(original);
    // setCode reports its change to onChange at once, which schedules a save: cancel it after,
    // not before, so no save is left pending to land later (say, on a file another tab wrote).
    clearTimeout(saveTimer);
    unsaved = false;
    marks.clear();
    saveEdit(name, null);
    showNotice();
    output.clear();
    output.stopped(resetSaid);
  }

  async function share(): Promise<void> {
    const url = await shareUrl(name, editor?.getCode() ?? code);
    const field = document.createElement("input");
    field.type = "text";
    field.readOnly = true;
    field.value = url;
    field.className = "playground__share-link";
    field.setAttribute("aria-label", "Share link");
    field.addEventListener("focus", () => field.select());
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      /* clipboard refused (permissions, insecure origin): the reader copies from the field */
    }
    showNotice(
      copied ? "Link copied. It restores this code: " : "Copy this link; it restores this code: ",
      field,
      " ",
      button("Close", () => showNotice()),
    );
  }

  const actions: Record<string, () => void> = { run: () => void run(), reset, share: () => void share() };
  for (const b of root.querySelectorAll<HTMLElement>(".playground__actions [data-action]")) {
    b.addEventListener("click", () => actions[b.dataset.action!]?.());
  }
  root.dataset.mounted = "true";
  // The widget handles clicks from here on; run what the reader asked for while it loaded.
  const action = takeAction();
  if (action && actions[action]) actions[action]();
  if (action !== "run") editorWanted();
  await editorReady;
}
