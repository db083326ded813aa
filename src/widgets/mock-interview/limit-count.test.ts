/**
 * The count beside a limited field, on a stand-in for the field (the unit project runs in Node):
 * typing and pasting are the events a browser sends, with `maxlength` cutting what does not fit.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { countTowardsLimit } from "./limit-count.ts";
import { limitText, nearShare } from "./limits.ts";

class FakeField {
  value = "";
  maxLength = -1;
  selectionStart = 0;
  selectionEnd = 0;
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();

  addEventListener(type: string, run: (event: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), run]);
  }

  private fire(type: string, event: unknown = {}): void {
    for (const run of this.listeners.get(type) ?? []) run(event);
  }

  /** Text typed at the end, as the browser takes it: cut at `maxlength`, and no input event if nothing went in. */
  type(text: string): void {
    const room = this.maxLength - this.value.length;
    const added = text.slice(0, Math.max(0, room));
    if (!added) return;
    this.value += added;
    this.selectionStart = this.selectionEnd = this.value.length;
    this.fire("input");
  }

  /**
   * An IME composition at the end, as Chromium runs one: the text being composed is in the field
   * past `maxlength` while it is composed (input events with isComposing), and the committed text
   * is cut to the limit before compositionend.
   */
  compose(steps: readonly string[], committed: string): void {
    const before = this.value;
    this.fire("compositionstart");
    for (const step of steps) {
      this.value = before + step;
      this.fire("input", { isComposing: true });
    }
    this.value = before + committed.slice(0, Math.max(0, this.maxLength - before.length));
    this.fire("input", { isComposing: true });
    this.fire("compositionend", { data: committed });
  }

  /** A paste over the selection, with the clipboard's line breaks as Windows writes them. */
  paste(text: string): void {
    this.fire("paste", { clipboardData: { getData: (kind: string) => (kind === "text/plain" ? text : "") } });
    const kept = this.value.slice(0, this.selectionStart) + this.value.slice(this.selectionEnd);
    const clean = text.replace(/\r\n/g, "\n");
    const added = clean.slice(0, Math.max(0, this.maxLength - kept.length));
    if (!added) return;
    this.value = this.value.slice(0, this.selectionStart) + added + this.value.slice(this.selectionEnd);
    this.selectionStart = this.selectionEnd = this.selectionStart + added.length;
    this.fire("input");
  }
}

let timers: (() => void)[] = [];
beforeEach(() => {
  timers = [];
  vi.stubGlobal("window", { setTimeout: (run: () => void) => timers.push(run) });
});
afterEach(() => vi.unstubAllGlobals());
const runTimers = () => {
  for (const run of timers.splice(0)) run();
};

function counted(max: number) {
  const field = new FakeField();
  const counter = { textContent: "", dataset: {} as Record<string, string> };
  const said: string[] = [];
  countTowardsLimit(
    field as unknown as HTMLTextAreaElement,
    counter as unknown as HTMLElement,
    max,
    "Your answer",
    (text) => said.push(text),
  );
  return { field, counter, said };
}

test("the field takes its limit, and its count is said once near it and once at it, not at every key", () => {
  const max = 100;
  const { field, counter, said } = counted(max);
  expect(field.maxLength).toBe(max);
  expect(counter.textContent).toBe(limitText(0, max));
  expect(counter.dataset.level).toBe("quiet");
  const near = Math.ceil(max * nearShare);
  for (let i = 0; i < near - 1; i++) field.type("a");
  expect(said).toEqual([]);
  field.type("a");
  expect(counter.dataset.level).toBe("near");
  expect(said).toEqual([`Your answer: ${limitText(near, max)}`]);
  for (let i = near; i < max - 1; i++) field.type("a");
  expect(said).toHaveLength(1);
  expect(counter.textContent).toBe(limitText(max - 1, max));
  field.type("a");
  expect(counter.dataset.level).toBe("at");
  expect(said.at(-1)).toBe(`Your answer: ${limitText(max, max)}`);
  // Keys pressed at the limit add nothing and say nothing more.
  field.type("b");
  expect(field.value).toHaveLength(max);
  expect(said).toHaveLength(2);
});

test("a paste that does not fit says how much of it went in, and what is there now", () => {
  const { field, counter, said } = counted(100);
  field.type("x".repeat(40));
  // 80 characters as the field counts them (Windows' line breaks are one character each): 60 fit.
  field.paste("line one!\r\n".repeat(8));
  runTimers();
  expect(field.value).toHaveLength(100);
  const cut = "Only the first 60 of the 80 characters you pasted fit; the last 20 were not added.";
  expect(counter.textContent).toBe(`${limitText(100, 100)} ${cut}`);
  expect(said).toEqual([`Your answer: ${cut} ${limitText(100, 100)}`]);
});

test("a paste over a selection counts the room the selection leaves, and a paste that fits says nothing of pasting", () => {
  const { field, counter, said } = counted(100);
  field.type("y".repeat(90));
  field.selectionStart = 10;
  field.selectionEnd = 30;
  field.paste("z".repeat(25));
  runTimers();
  expect(field.value).toHaveLength(95);
  expect(counter.textContent).toBe(limitText(95, 100));
  expect(said.every((s) => !s.includes("pasted"))).toBe(true);
});

test("a paste into a full field adds nothing, fires no input, and is still said", () => {
  const { field, counter, said } = counted(10);
  field.type("0123456789");
  said.length = 0;
  field.paste("more text");
  runTimers();
  const cut = "Nothing of the 9 characters you pasted was added: the field is at its limit.";
  expect(counter.textContent).toBe(`${limitText(10, 10)} ${cut}`);
  expect(said).toEqual([`Your answer: ${cut} ${limitText(10, 10)}`]);
});

test("text set by code (a resumed draft) is counted on refresh, silently", () => {
  const field = new FakeField();
  const counter = { textContent: "", dataset: {} as Record<string, string> };
  const said: string[] = [];
  const count = countTowardsLimit(
    field as unknown as HTMLInputElement,
    counter as unknown as HTMLElement,
    50,
    "Evidence",
    (t) => said.push(t),
  );
  field.value = "w".repeat(70);
  count.refresh();
  expect(counter.dataset.level).toBe("over");
  expect(counter.textContent).toBe(limitText(70, 50));
  expect(said).toEqual([]);
});

test("text being composed (IME) past the limit is not said to be over it: what is said is where the committed text stands", () => {
  const max = 100;
  const { field, counter, said } = counted(max);
  field.type("a".repeat(max - 1));
  said.length = 0;
  field.compose(["に", "にほ", "にほん"], "日本");
  expect(field.value).toHaveLength(max);
  // Chromium holds the composition past maxlength; nothing was ever "over", and "shorten it" was never true.
  expect(said).toEqual([`Your answer: ${limitText(max, max)}`]);
  expect(counter.textContent).toBe(limitText(max, max));
  expect(counter.dataset.level).toBe("at");
});
