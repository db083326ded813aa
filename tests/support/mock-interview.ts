/**
 * The mock interview as the browser tests reach it: its region, the wait for its code, and one way
 * to pick a question and start an interview, so every test starts it as a learner would.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { Draft } from "../../src/widgets/mock-interview/draft.ts";
import type { Attempt } from "../../src/widgets/mock-interview/history.ts";

/** The widget's code and questions load on the first touch: on a busy machine that takes seconds. */
export const loading = { timeout: 20_000 };

/** The page's mock interview. */
export const mockInterview = (page: Page): Locator => page.getByRole("region", { name: "Mock interview" });

/**
 * Picks question `id` in "Or pick one" (the first touch, which loads the widget) and waits until
 * the widget is ready; with `title`, the line above Start names it.
 */
export async function pickQuestion(mock: Locator, id: string, title?: string): Promise<void> {
  await mock.getByLabel("Or pick one").selectOption(id);
  await expect.poll(() => mock.getAttribute("data-ready"), loading).toBe("true");
  if (title !== undefined) await expect.poll(() => mock.locator("[data-field=chosen]").textContent()).toContain(title);
}

/** Picks question `id` (as `pickQuestion`), sets the time to `minutes` when given, and starts the interview. */
export async function startInterview(
  mock: Locator,
  id: string,
  { title, minutes }: { title?: string; minutes?: number } = {},
): Promise<void> {
  await pickQuestion(mock, id, title);
  if (minutes !== undefined) await mock.getByLabel("Time", { exact: true }).selectOption(String(minutes));
  await mock.getByRole("button", { name: "Start the interview" }).click();
}

/** The attempts the page's history holds in storage (none when it holds nothing). */
export const storedAttempts = (page: Page): Promise<Attempt[]> =>
  page.evaluate(() => JSON.parse(localStorage.getItem("blast-radius:interviews:v1") ?? '{"attempts":[]}').attempts);

/** The interview under way as the device's storage keeps it (null when it keeps none). */
export const storedDraft = (page: Page): Promise<Draft | null> =>
  page.evaluate(() => JSON.parse(localStorage.getItem("blast-radius:interview-draft:v1") ?? "null"));

/** The one answer the tests type when what is answered does not matter, only that something is. */
export const anAnswer = "Tenant id, on every request, keeps a tenant's data in one cell.";

/**
 * Starts an interview on `question` (as `startInterview`), answers it with `anAnswer`, opens the
 * debrief and waits for it; returns the debrief's first rubric point, a group of level choices
 * with its evidence field.
 */
export async function toDebrief(
  mock: Locator,
  question: { id: string; title: string; rubric: readonly { point: string }[] },
): Promise<Locator> {
  await startInterview(mock, question.id, { title: question.title });
  await mock.getByLabel(/Your answer/).fill(anAnswer);
  await mock.getByRole("button", { name: /debrief me/ }).click();
  await expect.poll(() => mock.getAttribute("data-stage")).toBe("review");
  return mock.getByRole("group", { name: new RegExp(`^${question.rubric[0]!.point}`) });
}

/** Where a control sits on the screen, as Playwright measures it. */
type Box = { x: number; y: number; width: number; height: number };

/**
 * A mouse click as a hand makes one: the pointer pressed on the middle of `control` where it sits
 * before the press, and released at that same point, with the control measured again between the
 * two. Returns both boxes: a control moved from under the pointer by what the press set off (a
 * field losing the focus redraws the page) misses the click, whatever the page does with it.
 */
export async function clickInPlace(page: Page, control: Locator): Promise<{ pressed: Box; released: Box }> {
  await control.scrollIntoViewIfNeeded();
  const pressed = (await control.boundingBox())!;
  await page.mouse.move(pressed.x + pressed.width / 2, pressed.y + pressed.height / 2);
  await page.mouse.down();
  const released = (await control.boundingBox())!;
  await page.mouse.up();
  return { pressed, released };
}
