/**
 * The mock interview in the page: setup (draw or pick a question), a running clock with notes,
 * then the model answer and rubric for self-assessment, saved to the history on this device.
 * The markup comes from src/components/MockInterview.astro; this only wires it up.
 */
import { Countdown, formatClock, milestoneMessage } from "./countdown.ts";
import { drawIndex, freshSeed, parseSeed } from "./draw.ts";
import { clearDraft, loadDraft, saveDraft } from "./draft.ts";
import { addAttempt, averageScore, clearHistory, loadHistory, score, type Attempt } from "./history.ts";

interface InterviewQuestion {
  id: string;
  title: string;
  difficulty: number;
  prompt: string;
  answer: string[];
  rubric: string[];
  followUps: { question: string; answer: string }[];
}

type Stage = "setup" | "running" | "review";

const percent = (share: number) => `${Math.round(share * 100)}%`;

export function mount(root: HTMLElement): void {
  if (root.dataset.ready) return;
  const field = <T extends HTMLElement = HTMLElement>(name: string): T => {
    const el = root.querySelector<T>(`[data-field="${name}"]`);
    if (!el) throw new Error(`mock interview: missing [data-field="${name}"]`);
    return el;
  };
  const button = (action: string) => root.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;
  const questions = JSON.parse(field("questions").textContent ?? "[]") as InterviewQuestion[];

  const announce = (text: string) => {
    // Clearing first makes screen readers repeat a message identical to the last one.
    const region = field("announce");
    region.textContent = "";
    window.setTimeout(() => (region.textContent = text), 50);
  };

  let chosen: { question: InterviewQuestion; seed: number | null } | null = null;
  let clock: Countdown | null = null;
  let ticker: number | undefined;
  let startedAt = "";
  let finishedUsedMs = 0;
  let saved = false;

  const showStage = (stage: Stage) => {
    for (const el of root.querySelectorAll<HTMLElement>("[data-stage]")) el.hidden = el.dataset.stage !== stage;
  };

  // ---- setup ----------------------------------------------------------------------------
  const choose = (question: InterviewQuestion, seed: number | null) => {
    chosen = { question, seed };
    const how = seed === null ? "You picked" : `Seed ${seed} drew`;
    field("chosen").textContent = `${how}: “${question.title}”.`;
  };
  const drawWith = (seed: number) => {
    field<HTMLSelectElement>("pick").value = "";
    choose(questions[drawIndex(questions.length, seed)]!, seed);
  };

  const seedInput = field<HTMLInputElement>("seed");
  seedInput.addEventListener("change", () => {
    const seed = parseSeed(seedInput.value);
    if (seed === null) {
      announce("A seed is a whole number, such as 4821.");
      return;
    }
    drawWith(seed);
    announce(field("chosen").textContent ?? "");
  });
  field<HTMLSelectElement>("pick").addEventListener("change", (event) => {
    const id = (event.target as HTMLSelectElement).value;
    const question = questions.find((q) => q.id === id);
    if (!question) return;
    seedInput.value = "";
    choose(question, null);
  });

  // ---- running ----------------------------------------------------------------------------
  const keepDraft = () => {
    if (!clock || !chosen) return;
    saveDraft(localStorage, {
      questionId: chosen.question.id,
      seed: chosen.seed,
      durationMs: clock.durationMs,
      usedMs: clock.usedMs(),
      notes: field<HTMLTextAreaElement>("notes").value.slice(0, 5000),
      startedAt,
    });
  };
  let lastDraftAt = 0;

  const renderClock = () => {
    if (!clock) return;
    field("clock").textContent = formatClock(clock.remainingMs());
    if (Date.now() - lastDraftAt >= 5000) {
      lastDraftAt = Date.now();
      keepDraft();
    }
    const milestone = clock.poll();
    if (milestone !== null) {
      announce(milestoneMessage(milestone));
      if (milestone === 0) {
        window.clearInterval(ticker);
        field("clock").textContent = formatClock(0);
        button("pause").disabled = true;
        button("finish").textContent = "Time is up: show the rubric";
      }
    }
  };

  /** Show the running stage for `chosen` with `clock`; a resumed interview starts paused. */
  const run = (notes: string, paused: boolean) => {
    const { question } = chosen!;
    saved = false;
    field("resume-box").hidden = true;
    field("title").textContent = question.title;
    field("prompt").textContent = question.prompt;
    field<HTMLTextAreaElement>("notes").value = notes;
    field("paused").hidden = !paused;
    button("pause").textContent = paused ? "Resume" : "Pause";
    button("pause").disabled = false;
    button("finish").textContent = "Done: show the rubric";
    showStage("running");
    if (!paused) clock!.start();
    window.clearInterval(ticker);
    renderClock();
    ticker = window.setInterval(renderClock, 250);
    field("title").focus();
  };

  const start = () => {
    if (!chosen) drawWith(freshSeed());
    const minutes = Number(field<HTMLSelectElement>("minutes").value) || 10;
    clock = new Countdown(minutes * 60_000, () => Date.now());
    startedAt = new Date().toISOString();
    run("", false);
    keepDraft();
    announce(`Interview started: ${minutes} minutes. The question is on screen.`);
  };

  const resume = () => {
    const draft = loadDraft(localStorage);
    const question = draft && questions.find((q) => q.id === draft.questionId);
    if (!draft || !question) {
      field("resume-box").hidden = true;
      announce("There is no unfinished interview to resume.");
      return;
    }
    chosen = { question, seed: draft.seed };
    clock = new Countdown(draft.durationMs, () => Date.now(), draft.usedMs);
    startedAt = draft.startedAt;
    run(draft.notes, true);
    announce(
      `Resumed “${question.title}”, paused with ${formatClock(clock.remainingMs())} left. Press Resume to restart the clock.`,
    );
  };

  const togglePause = () => {
    if (!clock || clock.over) return;
    if (clock.running) {
      clock.pause();
      keepDraft();
      button("pause").textContent = "Resume";
      field("paused").hidden = false;
      announce(`Paused with ${formatClock(clock.remainingMs())} left.`);
    } else {
      clock.start();
      button("pause").textContent = "Pause";
      field("paused").hidden = true;
      announce("Resumed.");
    }
  };

  // ---- review -----------------------------------------------------------------------------
  const updateScore = () => {
    const boxes = [...field("rubric").querySelectorAll<HTMLInputElement>("input[type=checkbox]")];
    const hit = boxes.filter((b) => b.checked).length;
    field("score").textContent = `${hit} of ${boxes.length} points (${percent(hit / boxes.length)})`;
  };

  const finish = () => {
    if (!clock || !chosen) return;
    clock.pause();
    window.clearInterval(ticker);
    finishedUsedMs = clock.usedMs();
    keepDraft();
    const { question } = chosen;
    field("review-title").textContent = `How did you do? ${question.title}`;
    field("used").textContent = `You used ${formatClock(finishedUsedMs)} of ${formatClock(clock.durationMs)}.`;
    const notes = field<HTMLTextAreaElement>("notes").value.trim();
    field("your-notes").textContent = notes;
    field("your-notes-box").hidden = notes.length === 0;

    const answer = field("answer");
    answer.replaceChildren(
      ...question.answer.map((text) => Object.assign(document.createElement("p"), { textContent: text })),
    );

    const rubric = field("rubric");
    rubric.replaceChildren(
      ...question.rubric.map((point, i) => {
        const label = document.createElement("label");
        const box = Object.assign(document.createElement("input"), { type: "checkbox", value: String(i) });
        box.addEventListener("change", updateScore);
        label.append(box, document.createTextNode(point));
        return label;
      }),
    );
    updateScore();

    const followUps = field("followups");
    followUps.replaceChildren(
      ...question.followUps.flatMap((f) => [
        Object.assign(document.createElement("dt"), { textContent: f.question }),
        Object.assign(document.createElement("dd"), { textContent: f.answer }),
      ]),
    );
    button("save").disabled = false;
    button("save").textContent = "Save to my history";
    showStage("review");
    field("review-title").focus();
    announce("Here are the model answer and the rubric. Tick the points you hit, then save.");
  };

  const save = () => {
    if (!clock || !chosen || saved) return;
    const boxes = [...field("rubric").querySelectorAll<HTMLInputElement>("input[type=checkbox]")];
    const attempt: Attempt = {
      questionId: chosen.question.id,
      title: chosen.question.title,
      startedAt,
      seed: chosen.seed,
      durationSeconds: Math.round(clock.durationMs / 1000),
      usedSeconds: Math.round(finishedUsedMs / 1000),
      hit: boxes.filter((b) => b.checked).map((b) => Number(b.value)),
      points: boxes.length,
      notes: field<HTMLTextAreaElement>("notes").value.slice(0, 5000),
    };
    try {
      const all = addAttempt(localStorage, attempt);
      clearDraft(localStorage);
      saved = true;
      button("save").disabled = true;
      button("save").textContent = "Saved";
      renderHistory(all);
      announce(
        `Saved: ${attempt.hit.length} of ${attempt.points} points. You have ${all.length} ${all.length === 1 ? "attempt" : "attempts"} on this device.`,
      );
    } catch {
      announce("Could not save: this browser is not keeping data for this site (private mode or storage full).");
    }
  };

  const again = () => {
    clearDraft(localStorage);
    chosen = null;
    clock = null;
    seedInput.value = "";
    field<HTMLSelectElement>("pick").value = "";
    field("chosen").textContent = "No question yet: draw one, pick one, or just start and one is drawn for you.";
    showStage("setup");
    button("draw").focus();
  };

  // ---- history ----------------------------------------------------------------------------
  const renderHistory = (attempts: Attempt[]) => {
    const box = field("history");
    if (attempts.length === 0) {
      box.replaceChildren(
        Object.assign(document.createElement("p"), {
          textContent: "No attempts yet. Finish an interview and save it to see it here.",
        }),
      );
      button("clear").hidden = true;
      return;
    }
    button("clear").hidden = false;
    const summary = Object.assign(document.createElement("p"), {
      textContent: `${attempts.length} ${attempts.length === 1 ? "attempt" : "attempts"}, average score ${percent(averageScore(attempts)!)}.`,
    });
    const table = document.createElement("table");
    const caption = Object.assign(document.createElement("caption"), {
      textContent: "Attempts, newest first",
      className: "sr-only",
    });
    const head = document.createElement("tr");
    for (const h of ["When", "Question", "Score", "Time used"])
      head.append(Object.assign(document.createElement("th"), { scope: "col", textContent: h }));
    const rows = [...attempts].reverse().map((a) => {
      const tr = document.createElement("tr");
      tr.dataset.attempt = a.questionId;
      const when = new Date(a.startedAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      const cells = [
        when,
        a.title,
        `${a.hit.length}/${a.points} (${percent(score(a))})`,
        formatClock(a.usedSeconds * 1000),
      ];
      for (const text of cells) tr.append(Object.assign(document.createElement("td"), { textContent: text }));
      return tr;
    });
    const thead = document.createElement("thead");
    const tbody = document.createElement("tbody");
    thead.append(head);
    tbody.append(...rows);
    table.append(caption, thead, tbody);
    box.replaceChildren(summary, table);
  };

  const historyBox = field<HTMLDetailsElement>("history-box");
  const showHistory = () => {
    const { attempts, recovered } = loadHistory(localStorage);
    renderHistory(attempts);
    if (recovered) announce("Part of your saved history could not be read; it was set aside and the rest kept.");
  };
  historyBox.addEventListener("toggle", () => historyBox.open && showHistory());

  const clear = () => {
    if (!window.confirm("Delete every saved mock-interview attempt on this device?")) return;
    clearHistory(localStorage);
    renderHistory([]);
    announce("History cleared.");
  };

  // ---- wiring -------------------------------------------------------------------------------
  const actions: Record<string, () => void> = {
    draw: () => {
      const seed = freshSeed();
      seedInput.value = String(seed);
      drawWith(seed);
      announce(field("chosen").textContent ?? "");
    },
    start,
    resume,
    pause: togglePause,
    finish,
    save,
    again,
    clear,
  };
  root.addEventListener("click", (event) => {
    const target = (event.target as Element).closest<HTMLElement>("[data-action]");
    const action = target && actions[target.dataset.action ?? ""];
    if (!action) return;
    event.preventDefault();
    action();
  });
  root.dataset.ready = "true";
  // Whatever the learner set before the widget loaded (the event that loaded it came too early).
  const picked = questions.find((q) => q.id === field<HTMLSelectElement>("pick").value);
  const typedSeed = parseSeed(seedInput.value);
  if (picked) choose(picked, null);
  else if (typedSeed !== null) drawWith(typedSeed);
  if (historyBox.open) showHistory();
  const draft = loadDraft(localStorage);
  const draftQuestion = draft && questions.find((q) => q.id === draft.questionId);
  if (draft && draftQuestion) {
    field("resume-text").textContent =
      `You have an unfinished interview on “${draftQuestion.title}”, ${formatClock(draft.durationMs - draft.usedMs)} left.`;
    field("resume-box").hidden = false;
  } else {
    field("resume-box").hidden = true;
  }
  field<HTMLTextAreaElement>("notes").addEventListener("input", keepDraft);
  // Leaving the page keeps the clock exact to the moment, not to the last periodic save.
  window.addEventListener("pagehide", () => clock && !saved && keepDraft());
}
