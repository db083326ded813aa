/** Two tabs and one draft: the tab that last started or resumed an interview keeps it. */
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";

/** The widget's code and questions load on the first touch: on a busy machine that takes seconds. */
const loading = { timeout: 20_000 };

describeInBrowser("mock interview in two tabs", (browser) => {
  test("an interview started in a second tab is not overwritten by the first tab's typing", async () => {
    const session = await browser.open();
    try {
      const first = session.page;
      const url = `${browser.site}/interview-playbook/`;
      await first.goto(url);
      const a = first.getByRole("region", { name: "Mock interview" });
      await a.getByLabel("Or pick one").selectOption("partition-key");
      await expect.poll(() => a.getAttribute("data-ready"), loading).toBe("true");
      await a.getByRole("button", { name: "Start the interview" }).click();
      await a.getByLabel(/Your answer/).fill("First tab.");

      const second = await session.context.newPage();
      await second.goto(url);
      const b = second.getByRole("region", { name: "Mock interview" });
      await b.getByLabel("Or pick one").selectOption("cell-size");
      await expect.poll(() => b.getAttribute("data-ready"), loading).toBe("true");
      await b.getByRole("button", { name: "Start the interview" }).click();
      await b.getByLabel(/Your answer/).fill("Second tab.");

      await expect
        .poll(() => a.getByRole("status").textContent(), loading)
        .toBe(
          "Another tab is now keeping an interview on this device, so this tab no longer saves this answer: a reload here would lose it.",
        );
      await a.getByLabel(/Your answer/).fill("First tab, typing on.");
      const draft = await second.evaluate(() => JSON.parse(localStorage.getItem("blast-radius:interview-draft:v1")!));
      expect(draft).toMatchObject({ questionId: "cell-size", notes: "Second tab." });
    } finally {
      await session.close();
    }
  });
});
