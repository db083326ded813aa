/**
 * An exercise comes alive (loaded by bootstrap.ts on first interaction): grading each part
 * separately, hints one at a time until every part is answered, the solution after an attempt and a
 * confirmation that says what seeing it changes in the record (src/course/solution-offer.ts), generated
 * variants from a shown seed (never, outside /review/, the numbers of a review due now), and code
 * checks run in the playground's sandboxed worker. On /review/ what the learner does with the
 * review's numbers is the review's to count, not the chapter's: the chapter's record does not say
 * its solution was seen, nor count the answers checked or the hints opened there.
 */
import {
  answerFingerprint,
  type CheckedAnswer,
  exerciseEntry,
  markSolved,
  type Progress,
  recordAttempt,
  sameAnswerNote,
} from "../../course/progress.ts";
import type { Params } from "../../grader/exercise-schema.ts";
import { type AnswerInput, describeAnswer, gradePart, type Verdict, warmUpGrader } from "../../grader/grade.ts";
import { renderSituation } from "../../grader/situation.ts";
import { rememberedParts, solutionAnswers } from "../../grader/same-answers.ts";
import { paramText } from "../../grader/fill-params.ts";
import { setSpokenText } from "../spoken-figures.ts";
import { feedbackText } from "./feedback-text.ts";
import {
  type Expected,
  expectedAnswers,
  explanationFigures,
  type Figures,
  hasVariants,
} from "../../grader/solution.ts";
import {
  checkText,
  type RunRequest,
  type TypeDiagnostic,
  typeCheckNoteDelayMs,
  typeDiagnosticText,
  visibleText,
} from "../../playground/protocol.ts";
import { mulberry32, readSeed, seedRule } from "../../sim/random.ts";
import { dealsReviewNumbers, dueReviewSeed, practiceSeed } from "../../course/review-seed.ts";
import { sitePath } from "../../course/url.ts";
import { progressEvent } from "../progress/store.ts";
import { handFocus, holdsFocus } from "../focus.ts";
import { InlineQuestion } from "../inline-question.ts";
import {
  type ExerciseWidget,
  exerciseCodeKey,
  followOtherTabs,
  showHintButton,
  showPartProgress,
  showSeenSolution,
} from "./bootstrap.ts";
import { pageProgress, unsavedNote } from "./page-progress.ts";
import { type ExercisePayload, readPayload } from "./payload.ts";
import { showTypedAnswers } from "./typed-answers.ts";
import { situationHtml } from "./situation-html.ts";
import { answeredInRecord, markSeen } from "../../course/solution-offer.ts";
import { loadChecks, loadSituation, loadSolution, loadSolutionSource, loadStarter } from "./sources.ts";
import { prewarm } from "../../playground/worker-pool.ts";
import { keep, siteStorage } from "../site-storage.ts";
import { countOf } from "../../format/number.ts";
import { keepUnitWithNumber } from "../../format/units.ts";
import { loadTypeChecker } from "../playground/type-checker.ts";
import { countTypeCheck } from "../playground/type-check-clock.ts";

/**
 * Mount the exercise in `root` and return what a page may ask of it (bootstrap.ts hands it out
 * through exerciseWidget); undefined when it was mounted already or has no payload.
 */
export async function mountExercise(root: HTMLElement): Promise<ExerciseWidget | undefined> {
  if (root.dataset.mounted) return undefined;
  root.dataset.mounted = "true";
  const data = readPayload(root);
  if (!data) return undefined;
  warmUpGrader();

  const partIds = data.parts.map((p) => p.id);
  let params: Params = { ...data.params };
  let seed: number | null = null;
  /** The dealt variant's solution computes its worked figures (solution.ts worked()). */
  let workedForVariant = false;
  /** Parts answered rightly for the variant on show (a dealt variant only). */
  const variantSolved = new Set<string>();
  /**
   * The parts the record held answered when the variant on show was dealt: a right answer on its
   * numbers solves its part in the record too (markSolved), and the status line says "before" only
   * of what was there already (statusLine: a part solved on these numbers is newly solved).
   */
  let dealtOn: string[] = [];
  /**
   * Whether this exercise is a review's, on /review/ (data-in-review). Its numbers are the review's,
   * and what the learner does with them counts in the review's record (the review page keeps it):
   * the chapter's record is left as it was. An answer checked there counts no attempt and solves no
   * part in the chapter, a hint opened there is not added to its hints, and the solution shown
   * there (giving the review up: the review page rates it "again") does not mark it revealed.
   */
  const inReview = () => root.dataset.inReview !== undefined;
  /**
   * On /review/, each part's last answer checked (answerFingerprint), kept in the page in place of
   * the chapter's (recordAttempt's `last`), for the same rule: the same answer checked again is not
   * counted again.
   */
  const lastInReview = new Map<string, string>();
  let expected: Promise<Record<string, Expected>> | null = null;
  const answers = () => (expected ??= loadSolution(data.id).then((mod) => expectedAnswers(data.parts, mod, params)));

  const solutionButton = root.querySelector<HTMLButtonElement>('[data-action="solution"]');
  const refreshStatus = () => {
    // The variant on show, with the record's parts answered when it was dealt.
    const variant = seed === null ? undefined : { seed, solved: variantSolved, before: dealtOn };
    showPartProgress(root, data.id, partIds, undefined, variant);
  };
  // Where the browser would not store this exercise's progress, one note beside it says so. It
  // appears only once this exercise has changed something, and leaves when a later write (from
  // any exercise on the page) stored what was held. Text is set only when it changes: the note
  // is a live region, and the same words written again could be read out again.
  const note = root.querySelector<HTMLElement>("[data-unsaved]");
  let changed = false;
  const showUnsaved = () => {
    const text = changed && pageProgress.unsaved() ? unsavedNote : "";
    if (note && note.textContent !== text) note.textContent = text;
  };
  window.addEventListener(progressEvent, showUnsaved);
  /** Change this page's progress: stored if the browser allows, held in the page if not. */
  const save = (change: (p: Progress) => void) => {
    pageProgress.update(change);
    changed = true;
    showUnsaved();
  };

  /**
   * Count an attempt (invalid input is not one; nor is the answer counted last for this part, for
   * these numbers, checked again: recordAttempt) and announce the change to the page. A repeat
   * keeps its verdict, says it was not counted (after the verdict in `feedback`), and is marked
   * `data-counted="false"` there, so what counts wrong verdicts (the review page) passes over it.
   */
  const record = (part: string, verdict: Verdict["status"], answer: CheckedAnswer, feedback: HTMLElement | null) => {
    if (verdict === "invalid") return;
    const fingerprint = answerFingerprint(answer, seed);
    let counted = true;
    if (inReview()) {
      // The review's answer: the review page counts it; the chapter's record stays as it was.
      counted = lastInReview.get(part) !== fingerprint;
      lastInReview.set(part, fingerprint);
    } else
      save((p) => {
        counted = recordAttempt(p, data.id, part, fingerprint);
        // Solved, or answered after seeing the solution when it was shown first.
        if (verdict === "right") markSolved(p, data.id, part, { parts: partIds, now: new Date() });
      });
    if (feedback) {
      // A code part's feedback is a block of paragraphs and a list; an answer's, one paragraph.
      if (!counted && answer.kind === "code")
        feedback.append(Object.assign(document.createElement("p"), { textContent: sameAnswerNote("code") }));
      else if (!counted) feedback.append(` ${sameAnswerNote("answer")}`);
      feedback.dataset.counted = String(counted);
    }
    if (verdict === "right") variantSolved.add(part);
    else variantSolved.delete(part);
    // Every part answered, Show a hint goes (showPartProgress). A focus on it (the learner moved on
    // to it while the answer was graded, or a code part's checks ran) goes to the verdict that took
    // it, not to the page's start.
    const hint = root.querySelector<HTMLElement>('[data-action="hint"]');
    const onHint = holdsFocus(hint);
    refreshStatus();
    if (onHint && hint?.hidden && feedback) {
      feedback.tabIndex = -1;
      handFocus(feedback);
    }
    if (!inReview()) window.dispatchEvent(new CustomEvent(progressEvent));
  };

  const show = (feedback: HTMLElement | null, verdict: Verdict) => {
    if (!feedback) return;
    // Numbers kept with their units, as the build keeps the page's (src/format/units.ts); a power
    // of ten on one line, and said in words in this live region (spoken-figures.ts).
    setSpokenText(feedback, keepUnitWithNumber(feedbackText(verdict)));
    feedback.dataset.verdict = verdict.status;
  };

  // ---- answer parts ----
  /** What the learner entered in a part's form, in the grader's terms. */
  const inputOf = (form: HTMLFormElement, kind: AnswerInput["kind"]): AnswerInput => {
    switch (kind) {
      case "numeric":
        return { kind, text: form.querySelector<HTMLInputElement>('input[name="answer"]')?.value ?? "" };
      case "choice":
        return {
          kind,
          picked: [...form.querySelectorAll<HTMLInputElement>('input[name="choice"]:checked')].map((i) => i.value),
        };
      case "match": {
        const chosen: Record<string, string> = {};
        for (const select of form.querySelectorAll<HTMLSelectElement>("select")) chosen[select.name] = select.value;
        return { kind, chosen };
      }
    }
  };

  for (const part of data.parts) {
    if (part.kind === "code") continue;
    const form = root.querySelector<HTMLFormElement>(`form[data-part="${part.id}"]`);
    if (!form) continue;
    const feedback = form.querySelector<HTMLElement>("[data-feedback]");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void answers()
        .then((table) => {
          const input = inputOf(form, part.kind);
          const verdict = gradePart(part, input, table[part.id]!, params);
          form.querySelector('input[name="answer"]')?.setAttribute("aria-invalid", String(verdict.status !== "right"));
          // A match's crosses are the grader's `wrongItems`, which only a pairing gives: a sorting
          // into classes is told how many are right, as a cross would give its class away.
          for (const select of form.querySelectorAll<HTMLSelectElement>("select")) {
            select.setAttribute(
              "aria-invalid",
              String(verdict.status === "wrong" && (verdict.wrongItems ?? []).includes(select.name)),
            );
          }
          if (feedback) feedback.dataset.counted = "true";
          show(feedback, verdict);
          record(part.id, verdict.status, input, feedback);
        })
        .catch((error: unknown) =>
          show(feedback, {
            status: "invalid",
            message: `The grader could not load (${String(error)}). Reload the page and try again.`,
          }),
        );
    });
  }

  // A field marked wrong describes the answer Check read. Edited, it no longer holds that answer,
  // so its mark (red border, a match's cross, aria-invalid) goes at once; the feedback below stays
  // as the record of that Check, and the next Check marks the fields again.
  const clearWrongMark = (event: Event) => {
    const field = event.target;
    if (
      (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
      field.getAttribute("aria-invalid") === "true"
    )
      field.removeAttribute("aria-invalid");
  };
  root.addEventListener("input", clearWrongMark);
  root.addEventListener("change", clearWrongMark);

  // ---- hints, one at a time (none offered once every part on show is answered: showPartProgress) ----
  const hintButton = root.querySelector<HTMLButtonElement>('[data-action="hint"]');
  const hints = [...root.querySelectorAll<HTMLElement>("[data-hint]")];
  hintButton?.addEventListener("click", () => {
    const next = hints.find((h) => h.hidden);
    if (!next) return;
    next.hidden = false;
    const shown = hints.filter((h) => !h.hidden).length;
    // A review's hint counts in the review (the review page counts it), not in the chapter's hints.
    if (!inReview())
      save((p) => {
        const entry = exerciseEntry(p, data.id);
        entry.hints = Math.max(entry.hints, shown);
      });
    showHintButton(root);
  });
  showHintButton(root);

  // ---- the worked solution, after an attempt and a confirmation ----
  const confirm = root.querySelector<HTMLElement>("[data-confirm]");
  const solution = root.querySelector<HTMLElement>("[data-solution]");
  /**
   * Show the worked solution (and, for a dealt variant, its answers). `focus` takes the focus to
   * it: the learner's press on Show it does; a page showing it itself (exerciseWidget, a reload,
   * another tab's record) does not, unless the focus was on what goes (showSeenSolution). The
   * solution on show, Show solution goes with its confirmation, however it was shown (it would only
   * offer it again), and so does Show a hint (a hint beside the whole solution helps with nothing;
   * the hints opened stay open), until new numbers hide it. The chapter's record is told it was
   * seen unless it says so already (a reload, another tab).
   */
  const showSolution = (focus: boolean) => {
    // The same as the page shows from the saved progress before this widget loads (bootstrap.ts).
    const shown = showSeenSolution(root);
    if (!shown) return;
    if (focus) handFocus(shown);
    if (!inReview() && !pageProgress.read().exercises[data.id]?.revealed) {
      save((p) => markSeen(p, data.id));
      // The exercise says it is revealed: a part answered from here on is answered, not solved.
      refreshStatus();
      window.dispatchEvent(new CustomEvent(progressEvent));
    }
    if (seed !== null) void describeVariantAnswers().then((p) => shown.append(p));
    if (data.kind === "code") {
      void loadSolutionSource(data.id).then((code) => {
        const pre = document.createElement("pre");
        pre.className = "br-ex-code__solution";
        pre.tabIndex = 0;
        pre.setAttribute("aria-label", "The reference solution");
        pre.textContent = code;
        shown.append(pre);
      });
    }
  };
  /**
   * Show solution asks first, as the site's other confirmations do (inline-question.ts): the safe
   * answer ("Keep trying", or "Not now" once every part is answered: solutionOffer) has the focus,
   * so Enter pressed twice shows nothing, and Escape gives it. Kept: the confirmation goes, and the
   * focus back to Show solution (also where a click does not focus the button it presses). Shown:
   * the focus goes on to the solution.
   */
  if (confirm && solutionButton) {
    const asking: InlineQuestion<"show" | "keep"> = new InlineQuestion(confirm, {
      answers: ["show", "keep"],
      safe: "keep",
      onAnswer: (answer) => {
        if (answer === "show") return showSolution(true);
        asking.dismiss(solutionButton);
        handFocus(solutionButton);
      },
    });
    // A press (the learner's, or one the bootstrap held while this widget loaded and made again)
    // takes the focus on to the confirmation.
    solutionButton.addEventListener("click", () => asking.ask());
  }

  /**
   * A solution seen before a reload is shown again, as the page was left: its record in the chapter
   * says it was revealed. Shown as the page shows one itself (no focus moved), Show solution and
   * Show a hint go with it. Not on /review/, whose numbers are the review's.
   */
  const restoreReveal = () => {
    if (!inReview() && pageProgress.read().exercises[data.id]?.revealed) showSolution(false);
  };

  const describeVariantAnswers = async () => {
    const table = await answers();
    const p = document.createElement("p");
    p.dataset.variantAnswers = "";
    const shown = data.parts.flatMap((part) =>
      part.kind === "code" ? [] : [`${part.id}: ${describeAnswer(part, table[part.id]!)}`],
    );
    setSpokenText(
      p,
      keepUnitWithNumber(
        workedForVariant
          ? `For this variant (seed ${seed}) the answers are ${shown.join("; ")}. The worked solution above is worked through with this variant's numbers.`
          : `For this variant (seed ${seed}) the answers are ${shown.join("; ")}. The explanation shows this variant's numbers where it names them; where it works an example through, it uses the chapter's numbers, and the method is the same.`,
      ),
    );
    return p;
  };

  // ---- generated variants ----
  const variantForm = root.querySelector<HTMLFormElement>("[data-variant-form]");
  const variantNote = root.querySelector<HTMLElement>("[data-variant-note]");
  const seedInput = variantForm?.querySelector<HTMLInputElement>('input[name="seed"]');
  /**
   * Which seeds deal the numbers of this exercise's review when one is due now: its seed, any other
   * with the same numbers, and any whose worked solution answers it (dealsReviewNumbers, the
   * terminal's rule too). A chapter page does
   * not deal them: they are answered on /review/, where what shows or checks them counts against
   * the review. None on /review/ itself, which marks the exercise it deals the review through
   * (data-in-review). Asked when a seed is to be dealt, so a review that fell due meanwhile counts.
   */
  const reviewNumbers = async (): Promise<(seed: number) => boolean> => {
    const card = inReview() ? undefined : pageProgress.read().review?.[data.id];
    if (card === undefined) return () => false;
    const mod = await loadSolution(data.id);
    const { variant } = mod;
    if (!variant) return () => false;
    const remembered = rememberedParts(data.id, data.parts, mod);
    const due = dueReviewSeed(data.id, card, new Date(), { variant, chapter: data.params, remembered });
    return dealsReviewNumbers(variant, due, solutionAnswers(data.parts, mod));
  };
  /** Says, in the variant note, that `what` is not dealt here, and where the review is answered. */
  const refuse = (what: string) => {
    const link = Object.assign(document.createElement("a"), {
      href: sitePath("review/"),
      textContent: "review page",
    });
    variantNote?.replaceChildren(
      `Not dealt: ${what} the answers of your review of this exercise, due now. Answer it on the `,
      link,
      ", where hints, wrong answers and the solution count against it.",
    );
  };
  const deal = async (next: number | null) => {
    const mod = await loadSolution(data.id);
    if (!hasVariants(data, mod)) return;
    const nextParams = next === null ? { ...data.params } : mod.variant!(mulberry32(next));
    // The worked solution's figures for these numbers, from the solution's own code.
    let figures: Figures;
    try {
      figures = explanationFigures(mod, nextParams);
    } catch (error) {
      if (variantNote) variantNote.textContent = `This variant could not be worked through (${String(error)}).`;
      return;
    }
    // A diagnosis's situation changes with the variant: draw it before anything else changes,
    // so a situation that cannot be drawn leaves the exercise as it was.
    const box = root.querySelector<HTMLElement>("[data-situation]");
    let drawn: string | null = null;
    if (box) {
      try {
        drawn = situationHtml(renderSituation(await loadSituation(data.id), nextParams));
      } catch (error) {
        if (variantNote) variantNote.textContent = `This variant could not be drawn (${String(error)}).`;
        return;
      }
    }
    seed = next;
    params = nextParams;
    workedForVariant = typeof mod.worked === "function";
    if (box && drawn !== null) box.innerHTML = drawn;
    expected = null;
    variantSolved.clear();
    dealtOn = answeredInRecord(pageProgress.read(), data.id, partIds);
    for (const span of root.querySelectorAll<HTMLElement>("[data-param]")) {
      const value = figures[span.dataset.param!];
      if (value !== undefined) span.textContent = paramText(value);
    }
    for (const form of root.querySelectorAll<HTMLFormElement>("form[data-part]")) {
      form.reset();
      const feedback = form.querySelector<HTMLElement>("[data-feedback]");
      if (feedback) {
        feedback.textContent = "";
        delete feedback.dataset.verdict;
      }
    }
    for (const input of root.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    // What was typed for these numbers before (a variant dealt again, or the chapter's) comes back.
    showTypedAnswers(root, data.id, next);
    // The solution shown was for the numbers before: it goes, and Show solution offers it again.
    // Shown, it had taken Show a hint with it: the new numbers come as a fresh exercise, their
    // hints closed and offered from the first. (Not shown, the hints opened stay open, as they do
    // across a reload: on /review/ they are the ones the review counted.)
    if (solution && !solution.hidden) for (const hint of hints) hint.hidden = true;
    if (solution) solution.hidden = true;
    if (solutionButton) solutionButton.hidden = false;
    if (hintButton) hintButton.hidden = false;
    showHintButton(root);
    refreshStatus();
    if (variantNote) {
      variantNote.textContent =
        next === null
          ? "The chapter's numbers."
          : `Variant ${next}: new numbers above. Clear the seed and press Deal for the chapter's numbers.`;
    }
  };
  variantForm?.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = seedInput?.value.trim() ?? "";
    seedInput?.removeAttribute("aria-invalid");
    if (text === "") {
      // Already the chapter's numbers: dealing them again would only clear the answers typed.
      if (seed === null) {
        if (variantNote)
          variantNote.textContent =
            "These are the chapter's numbers. Type a seed, or press Another variant, for new ones.";
        return;
      }
      return void deal(null);
    }
    const next = readSeed(text);
    if (next === undefined) {
      seedInput?.setAttribute("aria-invalid", "true");
      if (variantNote) variantNote.textContent = `Not dealt: a seed is ${seedRule}.`;
      return;
    }
    void reviewNumbers().then((isReview) => {
      if (!isReview(next)) return deal(next);
      seedInput?.setAttribute("aria-invalid", "true");
      refuse(`variant ${next} has`);
    });
  });
  root.querySelector('[data-action="variant"]')?.addEventListener("click", () => {
    void reviewNumbers().then((isReview) => {
      const next = practiceSeed(Math.random, isReview);
      if (next === undefined) return refuse("every variant drawn had");
      if (seedInput) seedInput.value = String(next);
      return deal(next);
    });
  });

  // Progress changed in another tab: the marks and the status line follow, with the numbers on
  // show, and what it opened (hints, the solution) opens here.
  followOtherTabs(root, data.id, { redraw: refreshStatus, showSolution: () => showSolution(false) });
  refreshStatus();
  restoreReveal();
  // ---- code exercises ----
  if (data.kind === "code") await mountCode(root, data, record, show);
  return { showSolution: () => showSolution(false) };
}

/** What the feedback says after Reset code, in place of the last verdict. */
const resetSaid = "Reset: the starter code is back.";

async function mountCode(
  root: HTMLElement,
  data: ExercisePayload,
  record: (part: string, verdict: Verdict["status"], answer: CheckedAnswer, feedback: HTMLElement | null) => void,
  show: (feedback: HTMLElement | null, verdict: Verdict) => void,
): Promise<void> {
  const box = root.querySelector<HTMLElement>("[data-editor]");
  const feedback = root.querySelector<HTMLElement>('[data-part="code"] [data-feedback]');
  const runButton = root.querySelector<HTMLButtonElement>('[data-action="run-checks"]');
  const resetButton = root.querySelector<HTMLButtonElement>('[data-action="reset-code"]');
  if (!box || !runButton) return;
  const codeKey = exerciseCodeKey(data.id);
  prewarm(); // booted already when the reader's first touch mounted this exercise
  const [
    { createEditor },
    { errorMarks },
    { runInPage },
    starter,
    { checkRequest, checkOutcome, learnerFiles, typeErrorsHeading },
  ] = await Promise.all([
    import("../playground/editor.ts"),
    import("../playground/error-marks.ts"),
    import("../../playground/browser-host.ts"),
    loadStarter(data.id),
    import("../../grader/check-run.ts"),
  ]);
  const saved = siteStorage()?.getItem(codeKey) ?? null;
  // Where storage is refused or full, the edit lives on in the editor.
  const save = (code: string) => void keep(codeKey, code === starter ? null : code);
  const hadFocus = box.contains(document.activeElement);
  box.replaceChildren();
  /** Counts Checks and Resets: a type check whose Check is no longer the last one says nothing. */
  let lastCheck = 0;
  /**
   * Edited code's type errors, after the verdict: checked in the playground's type-checker worker
   * (loaded on the first such Check), listed under the verdict (the feedback is a live region, so
   * they are read out) and marked in the editor. They do not change the verdict: the checks ran.
   */
  const showTypeErrors = async (request: RunRequest, thisCheck: number, mark: (found: TypeDiagnostic[]) => void) => {
    const said = document.createElement("div");
    said.dataset.typeErrors = "";
    // A check still out a moment after the verdict (a cold one loads TypeScript) is shown to be
    // under way, with its seconds counting on as the playground counts them (countTypeCheck): seen,
    // not read out (the feedback is a live region), and not left looking stale while it is slow.
    const since = performance.now();
    const waiting = document.createElement("p");
    waiting.dataset.typeCheckPending = "";
    waiting.setAttribute("aria-hidden", "true");
    let stopClock: (() => void) | undefined;
    const pending = setTimeout(() => {
      if (lastCheck !== thisCheck || !feedback) return;
      stopClock = countTypeCheck(waiting, since);
      feedback.append(waiting);
    }, typeCheckNoteDelayMs);
    const settled = () => {
      clearTimeout(pending);
      stopClock?.();
      waiting.remove();
    };
    try {
      // Offline before its first use, it says so in the reader's words, as the playground does.
      const { typeCheckInPage } = await loadTypeChecker();
      const found = await typeCheckInPage(learnerFiles(request)).finally(settled);
      if (lastCheck !== thisCheck || found.length === 0) return;
      const list = document.createElement("ul");
      list.className = "br-ex-checks";
      list.append(
        ...found.map((d) => Object.assign(document.createElement("li"), { textContent: typeDiagnosticText(d) })),
      );
      said.append(Object.assign(document.createElement("p"), { textContent: typeErrorsHeading(found.length) }), list);
      mark(found);
    } catch (error) {
      settled();
      if (lastCheck !== thisCheck) return;
      said.textContent = `Type errors could not be checked (${error instanceof Error ? error.message : String(error)}); the verdict above stands.`;
    }
    feedback?.append(said);
  };
  /** The Check under way, stopped by Reset. */
  let running: { stop(): void } | null = null;
  /**
   * Checks not yet settled (the editor's keys start one while another runs). While any is, the
   * Check button does nothing, and says so by aria-disabled, not disabled: a disabled button drops
   * the keyboard's focus to the page's body (src/widgets/focus.ts), where the reader who pressed it
   * would lose their place. It keeps the focus through the run and after it, the verdict being
   * said by its live region. Meanwhile it reads "Checking…" (its data-busy-label, whose width the
   * button keeps at rest too: ExerciseBody.astro), in its own colours: busy, not faded as a
   * control with nothing left to do.
   */
  let unsettled = 0;
  const idleLabel = runButton.textContent ?? "";
  const busyLabel = runButton.dataset.busyLabel ?? idleLabel;
  const showRunning = () => {
    const busy = unsettled > 0;
    runButton.setAttribute("aria-disabled", String(busy));
    runButton.textContent = busy ? busyLabel : idleLabel;
  };
  const run = async () => {
    unsettled++;
    showRunning();
    const thisCheck = ++lastCheck;
    const markError = marks.start();
    if (feedback) {
      feedback.textContent = "Running the checks…";
      delete feedback.dataset.verdict;
    }
    try {
      const checks = await loadChecks(data.id);
      const events: Parameters<typeof checkOutcome>[0] = [];
      const source = editor.getCode();
      const request = checkRequest(source, checks, data.timeout ?? 3000);
      const handle = runInPage(request, (e) => events.push(e));
      running = handle;
      const result = await handle.result;
      // Reset (or a newer Check) meanwhile: this verdict is of code no longer in the editor.
      if (lastCheck !== thisCheck) return;
      const outcome = checkOutcome(events, result);
      // A syntax error or a runtime error in the learner's file (the one the editor shows) is
      // marked at its line, as a playground marks it, until the next Check, Reset or edit; when
      // the run itself did not stop on one, the first check that failed on an error the
      // learner's code threw is marked at the line that threw it.
      const thrownInCheck = outcome.checks.find((c) => !c.passed && c.line !== undefined);
      const marked =
        result.error?.line !== undefined
          ? result.error
          : thrownInCheck && { message: checkText(thrownInCheck), file: thrownInCheck.file, line: thrownInCheck.line };
      for (const file of request.learner?.files ?? []) markError(marked, file);
      if (!feedback) return;
      const summary = document.createElement("p");
      summary.textContent = outcome.passed ? `✓ ${outcome.summary}` : `✗ ${outcome.summary}`;
      const list = document.createElement("ul");
      list.className = "br-ex-checks";
      for (const check of outcome.checks) {
        const li = document.createElement("li");
        li.textContent = visibleText(checkText(check));
        li.dataset.passed = String(check.passed);
        list.append(li);
      }
      // Written out as the playground and the terminal write it: control characters as \x1b.
      const logs = events.flatMap((e) => (e.kind === "check" ? [] : [visibleText(e.text)]));
      const parts: Node[] = [summary, list];
      if (logs.length > 0) {
        const details = document.createElement("details");
        const label = document.createElement("summary");
        label.textContent = `Your program's output (${countOf(logs.length, "line")})`;
        const pre = document.createElement("pre");
        pre.textContent = logs.join("\n");
        details.append(label, pre);
        parts.push(details);
      }
      feedback.replaceChildren(...parts);
      feedback.dataset.verdict = outcome.passed ? "right" : "wrong";
      record("code", outcome.passed ? "right" : "wrong", { kind: "code", source }, feedback);
      // A syntax error is what to fix first; the starter as shipped has no type errors.
      if (source !== starter && result.status !== "syntax-error")
        void showTypeErrors(request, thisCheck, (found) => {
          for (const file of request.learner?.files ?? []) markError(marked, file, found);
        });
    } catch (error) {
      if (lastCheck === thisCheck)
        show(feedback, { status: "invalid", message: `The checks could not run (${String(error)}).` });
    } finally {
      if (lastCheck === thisCheck) running = null;
      unsettled--;
      showRunning();
    }
  };
  const editor = createEditor(box, saved ?? starter, {
    label: `Code editor: ${root.querySelector(".br-ex__title")?.textContent?.trim() ?? data.id}`,
    onChange: (code) => {
      // Edited, the code is no longer the code the marked error came from.
      marks.clear();
      save(code);
    },
    onRun: () => void run(),
  });
  const marks = errorMarks(Promise.resolve(editor));
  // Tab moves past the code until the reader chooses to edit it (the editor's own rule); a click
  // on the starter before the editor existed was that choice.
  if (hadFocus) editor.focus(root.dataset.arrivedBy === "pointer");
  runButton.addEventListener("click", () => {
    // A second press while a Check runs is ignored, as a disabled button ignored it.
    if (unsettled === 0) void run();
  });
  // Reset brings the starter back and clears what was said of other code, as a playground's
  // Reset clears its output: the verdict, its checks, a type check's note or errors (a type
  // check or a Check still under way then says nothing), and the editor's marks.
  resetButton?.addEventListener("click", () => {
    lastCheck++;
    running?.stop();
    running = null;
    editor.setCode(starter);
    save(starter);
    marks.clear();
    if (feedback) {
      feedback.textContent = resetSaid;
      delete feedback.dataset.verdict;
      delete feedback.dataset.counted;
    }
    editor.focus();
  });
}
