/**
 * The mock interview's debrief on a number point: the figure alone counts at senior at most; staff
 * also needs the step its staff descriptor names, quoted from the notes (QA 31: "75,000
 * tenant-minutes" alone was counted at staff for "uses the two levers to propose the next
 * improvement"). The rule's cases are unit-tested in src/course/interview/staff-step.test.ts; this
 * checks the page asks for the step, judges it, and keeps it across a reload.
 */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { bank } from "../../src/course/interview/numbers.ts";
import { loading, mockInterview, startInterview } from "../support/mock-interview.ts";

describeInBrowser("mock interview: the staff step", { ownContext: false }, (browser) => {
  test("a figure alone counts at senior; quoting the improvement from the notes counts at staff", async () => {
    const session = await browser.open();
    try {
      const { page } = session;
      await page.clock.install({ time: new Date("2026-03-02T09:00:00Z") });
      await page.clock.pauseAt(new Date("2026-03-02T09:00:01Z"));
      await page.goto(`${browser.site}/interview-playbook/`);
      const mock = mockInterview(page);
      await startInterview(mock, "state-it-as-a-number", { title: "Give the blast radius as a number" });
      const figure = `${bank["worked.cellTenantMinutes"]} tenant-minutes`;
      const improvement = "next a two-minute alert and automatic rollback cut the minutes";
      await mock.getByLabel(/Your answer/).fill(`5,000 tenants x 15 min = ${figure}. ${improvement}.`);
      await page.clock.fastForward("02:00");
      await mock.getByRole("button", { name: /debrief me/ }).click();

      const point = mock.getByRole("group", { name: /^Reach times duration/ });
      const verdict = point.locator(".mock__verdict");
      await point.getByRole("radio", { name: /^Staff/ }).check();
      await point.getByLabel(/^Evidence:/).fill(figure);
      await expect
        .poll(() => verdict.textContent())
        .toBe(
          "Your figure backs senior; staff also needs the step beyond it, quoted from your notes. Counted at senior.",
        );
      const step = point.getByLabel(/^Staff also needs the step beyond the figure/);
      // The step names the staff descriptor it asks for.
      await expect(step.getAttribute("id")).resolves.toMatch(/-step$/);
      await step.fill(figure);
      await expect
        .poll(() => verdict.textContent())
        .toMatch(/fewer than four words besides figures.*Counted at senior\.$/);
      await step.fill(improvement);
      await expect.poll(() => verdict.textContent()).toBe("Your evidence passes the page's checks: counted at staff.");

      // The step is part of the draft: a reload at the debrief brings it back.
      await page.reload();
      await mock.getByRole("button", { name: "Resume it" }).click();
      await expect.poll(() => mock.getAttribute("data-stage"), loading).toBe("review");
      await expect(point.getByLabel(/^Staff also needs/).inputValue()).resolves.toBe(improvement);
      await expect(verdict.textContent()).resolves.toBe("Your evidence passes the page's checks: counted at staff.");
    } finally {
      await session.close();
    }
  });
});
