/**
 * The mock interview's history, for a week of practice: point by point, which rubric points the
 * evidence keeps falling short of the level aimed for, and where the claims ran above it (the
 * counts are unit-tested in src/widgets/mock-interview/history-points.test.ts; this checks the page
 * shows them, as lists under headings, from what localStorage holds), and where the focus goes
 * when another tab clears them from under it. And on a phone, the phase
 * clock stays in view while the answer is typed (QA: it scrolled away with the page), and the
 * question asked before clearing the history fits the screen.
 */
import { expect, test } from "vitest";
import { questions } from "../../src/course/interview/bank.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { layoutShift } from "../support/layout-shift.ts";
import { loading, mockInterview, startInterview } from "../support/mock-interview.ts";
import { clearQuestion } from "../../src/widgets/mock-interview/save-state.ts";

const historyKey = "blast-radius:interviews:v1";

const question = questions.find((q) => q.id === "partition-key")!;
const [first, second] = question.rubric.map((c) => c.point) as [string, string];

/** An attempt at the partition-key question as the page saves it, levelled, on day `day` of March 2026. */
const levelled = (day: number, claimed: number[], backed: number[]) => ({
  questionId: question.id,
  title: question.title,
  startedAt: new Date(Date.UTC(2026, 2, day, 9)).toISOString(),
  seed: null,
  durationSeconds: 600,
  usedSeconds: 540,
  hit: backed.flatMap((b, i) => (b > 0 ? [i] : [])),
  points: question.rubric.length,
  notes: "Tenant id.",
  debrief: {
    claimed,
    backed,
    weights: question.rubric.map((c) => c.weight),
    redFlags: [],
    selfScore: 0.9,
    backedScore: 0.5,
    level: "senior",
    phases: [{ id: "answer", usedSeconds: 540 }],
    asked: 1,
    pushedBack: 0,
  },
});

/** An attempt saved before rubrics had levels: no debrief. */
const older = {
  questionId: question.id,
  title: question.title,
  startedAt: "2026-02-27T09:00:00.000Z",
  seed: 12,
  durationSeconds: 600,
  usedSeconds: 600,
  hit: [0],
  points: question.rubric.length,
  notes: "Tenant id.",
};

/** Every test opens a context of its own (a page at 1280 px or a phone's): the block needs none. */
const noOwnContext = { ownContext: false };

describeInBrowser("mock interview: history point by point, and the clock on a phone", noOwnContext, (browser) => {
  test("after two attempts, lists the points backed below the aim and those claimed above the evidence", async () => {
    expect(question.rubric).toHaveLength(2);
    const session = await browser.open();
    try {
      const { page } = session;
      await page.goto(`${browser.site}/interview-playbook/`);
      const seed = (attempts: unknown[]) =>
        page.evaluate(([key, saved]) => localStorage.setItem(key, JSON.stringify({ attempts: saved })), [
          historyKey,
          attempts,
        ] as const);
      // Day 1: claimed staff on both, the evidence backed senior and senior. Day 3: staff backed on
      // the first point, the second claimed staff and backed mid.
      await seed([levelled(1, [3, 3], [2, 2]), levelled(3, [3, 3], [3, 1])]);
      await page.reload();
      const mock = mockInterview(page);
      await mock.locator("summary", { hasText: "Your attempts on this device" }).click();
      await expect.poll(() => mock.getAttribute("data-ready"), loading).toBe("true");
      const points = mock.getByRole("region", { name: "Point by point" });
      await expect.poll(() => points.isVisible(), loading).toBe(true);
      const lists = points.getByRole("list");
      const items = async (n: number) => lists.nth(n).getByRole("listitem").allTextContents();
      await expect.poll(() => lists.count()).toBe(2);
      await expect(points.getByRole("heading").allTextContents()).resolves.toEqual([
        "Point by point",
        "Points your evidence backed below staff, latest first",
        "Points you claimed above your evidence, latest first",
      ]);
      // The latest shortfall first: the second point's (day 3), then the first's (day 1).
      await expect(items(0)).resolves.toEqual([
        `${second} (${question.title}): backed at staff in 0 of 2 attempts; the latest shortfall backed mid.`,
        `${first} (${question.title}): backed at staff in 1 of 2 attempts; the latest shortfall backed senior.`,
      ]);
      await expect(items(1)).resolves.toEqual([
        `${second} (${question.title}): claimed above the evidence in 2 of 2 attempts; the latest: claimed staff, the evidence backed mid.`,
        `${first} (${question.title}): claimed above the evidence in 1 of 2 attempts; the latest: claimed staff, the evidence backed senior.`,
      ]);

      // Aiming for senior, the first point is met every time; only the second falls short.
      await points.getByLabel("The level you aim for").selectOption("2");
      await expect
        .poll(() => items(0))
        .toEqual([
          `${second} (${question.title}): backed at senior or above in 1 of 2 attempts; the latest shortfall backed mid.`,
        ]);

      // History saved before rubrics had levels still loads: in the table, and said apart here.
      await seed([older, levelled(3, [3, 3], [3, 1])]);
      await page.reload();
      await mock.locator("summary", { hasText: "Your attempts on this device" }).click();
      await expect.poll(() => mock.locator("[data-field=history] tbody tr").count(), loading).toBe(2);
      // The level picked before the reload is the one aimed for after it.
      await expect(points.getByLabel("The level you aim for").inputValue()).resolves.toBe("2");
      await expect
        .poll(() => points.getByRole("heading", { level: 5 }).first().textContent())
        .toBe("Points your evidence backed below senior or above, latest first");
      await expect
        .poll(() => points.getByText(/^1 older attempt/).textContent(), loading)
        .toBe(
          "1 older attempt, saved before the rubric had levels, is in the table above but not counted point by point.",
        );
      await expect(
        points.getByText("That is one attempt, not yet a pattern", { exact: false }).isVisible(),
      ).resolves.toBe(true);

      // The history cleared in another tab while the focus is on "The level you aim for": the
      // section goes with it, and the focus goes to the box's summary, not to the page's body.
      const aim = points.getByLabel("The level you aim for");
      await aim.focus();
      const other = await session.context.newPage();
      await other.goto(`${browser.site}/favicon.svg`);
      await other.evaluate((key) => localStorage.removeItem(key), historyKey);
      await expect.poll(() => points.isVisible()).toBe(false);
      const summary = mock.locator("summary", { hasText: "Your attempts on this device" });
      await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await session.close();
    }
  });

  test("at 390 px the phase clock stays in view, below the header, while the answer box is focused and scrolled", async () => {
    const session = await browser.open({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = session;
      // The page's own clock runs (a paused one would hold the animation frames the layout check waits on).
      await page.goto(`${browser.site}/interview-playbook/`);
      const mock = mockInterview(page);
      await startInterview(mock, question.id, { title: question.title });
      const clock = mock.getByRole("timer", { name: "Time left in this phase" });
      await expect.poll(() => clock.isVisible(), loading).toBe(true);
      const answer = mock.getByLabel(/Your answer/);
      await answer.focus();
      await page.keyboard.type("Tenant id as the key.");
      // The reader scrolls on down the page: the answer box's top goes under the header.
      await answer.evaluate((box) => window.scrollBy(0, box.getBoundingClientRect().top - 20));
      // Typing on its first line brings the line back into view, below the clock, not under it.
      await page.keyboard.type(" Cross-cell reports go a separate way.");
      await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe("TEXTAREA");
      const place = () =>
        page.evaluate(() => {
          const face = document.querySelector<HTMLElement>('[data-mock-interview] [data-field="clock"]')!;
          const rect = face.getBoundingClientRect();
          const row = face.parentElement!.getBoundingClientRect();
          const header = document.querySelector<HTMLElement>("header.header")!.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          const box = document.querySelector<HTMLTextAreaElement>('[data-mock-interview] [data-field="notes"]')!;
          return {
            belowHeader: rect.top >= header.bottom - 1,
            onScreen: rect.bottom <= innerHeight && rect.top >= 0,
            // Nothing covers it: what is at its middle is the clock itself.
            seen: hit === face || face.contains(hit!),
            // The line being typed (the box's first, as it has not scrolled inside) is below the clock's row.
            typedLineClear: box.scrollTop === 0 && box.getBoundingClientRect().top >= row.bottom,
            // What comes before the clock in the page (the list of phases) has gone under the header:
            // the clock is in view because it sticks.
            stuck:
              document.querySelector('[data-mock-interview] [data-field="phases"]')!.getBoundingClientRect().bottom <
              header.bottom,
          };
        });
      await expect
        .poll(place)
        .toEqual({ belowHeader: true, onScreen: true, seen: true, typedLineClear: true, stuck: true });
      // The clock's row keeps its place in the page as it sticks: nothing below it moved.
      await expect(layoutShift(page)).resolves.toBeLessThan(0.001);
    } finally {
      await session.close();
    }
  });

  test("at 390 px in the dark theme, the question before clearing the history fits the screen, none of it cut", async () => {
    const session = await browser.open({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = session;
      await page.addInitScript(() => localStorage.setItem("starlight-theme", "dark"));
      await page.goto(`${browser.site}/interview-playbook/`);
      await page.evaluate(([key, saved]) => localStorage.setItem(key, JSON.stringify({ attempts: saved })), [
        historyKey,
        [older, levelled(3, [3, 3], [3, 1])],
      ] as const);
      await page.reload();
      const mock = mockInterview(page);
      await mock.locator("summary", { hasText: "Your attempts on this device" }).click();
      await expect.poll(() => mock.getAttribute("data-ready"), loading).toBe("true");
      await mock.getByRole("button", { name: "Clear my history" }).click();
      const asking = mock.getByRole("group", { name: clearQuestion(2, null) });
      await expect.poll(() => asking.isVisible()).toBe(true);
      const fit = () =>
        asking.evaluate((box) => {
          const rect = (el: Element) => el.getBoundingClientRect();
          const outer = rect(box);
          const buttons = [...box.querySelectorAll("button")].map(rect);
          const style = getComputedStyle(box);
          return {
            theme: document.documentElement.dataset.theme,
            // Nothing scrolls sideways, and the box is on the screen's width.
            pageFits: document.documentElement.scrollWidth <= innerWidth,
            boxFits: outer.left >= 0 && outer.right <= innerWidth,
            // Each answer whole, inside the box, clear of the other.
            buttonsInside: buttons.every(
              (b) => b.left >= outer.left && b.right <= outer.right && b.bottom <= outer.bottom,
            ),
            apart: buttons[0]!.right <= buttons[1]!.left || buttons[0]!.bottom <= buttons[1]!.top,
            // Big enough to press with a thumb (WCAG 2.5.8's 24 px, the course's buttons being larger).
            pressable: buttons.every((b) => b.height >= 24 && b.width >= 24),
            // The sentence wraps inside the box rather than running out of it.
            sentenceFits: box.querySelector("p")!.scrollWidth <= box.querySelector("p")!.clientWidth,
            marked: style.borderLeftWidth,
          };
        });
      await expect.poll(fit).toEqual({
        theme: "dark",
        pageFits: true,
        boxFits: true,
        buttonsInside: true,
        apart: true,
        pressable: true,
        sentenceFits: true,
        marked: "3px",
      });
    } finally {
      await session.close();
    }
  });
});
