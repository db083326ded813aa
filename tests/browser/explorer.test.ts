/** The shuffle-shard explorer as a reader uses it: server-drawn, then driven by its controls. */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { contrastRatio, over, textContrast } from "../support/contrast.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { holdRequests } from "../support/hold-requests.ts";

const figure = (page: Page, name: string) =>
  page.locator(`[data-shuffle-explorer] [data-figure="${name}"]`).first().innerText();

async function setField(page: Page, name: string, value: string) {
  const field = page.locator(`[data-shuffle-explorer] input[name="${name}"]`).first();
  await field.fill(value);
  await field.dispatchEvent("change");
}

describeInBrowser("shuffle-shard explorer", (browser) => {
  const { site } = browser;

  test("the first view is drawn on the server: the seed article's numbers, no JavaScript needed", async () => {
    const { page } = browser;
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto(`${site}/shuffle-sharding/`, { waitUntil: "networkidle" });
    await expect(figure(page, "possible-shards")).resolves.toBe("28");
    await expect(figure(page, "lost-all")).resolves.toBe("361");
    await expect(figure(page, "lost-some")).resolves.toBe("4,373");
    // As the chapter's prose writes them: fixed groups' quarter "25%", the same shard "1 in 28 = 3.6%".
    await expect(figure(page, "blast-fixed")).resolves.toBe("25%");
    await expect(figure(page, "exact-2")).resolves.toBe("3.6%");
    await expect(figure(page, "same-shard")).resolves.toBe("1 in 28 = 3.6%");
    await expect(figure(page, "fixed-groups")).resolves.toBe(
      "For comparison, 4 fixed groups of 2 workers (each box lists its workers); the poison customer's group, workers 0–1, is down:",
    );
    // The interactive part is not loaded until the reader touches a control.
    expect(scripts.some((s) => /mount/.test(s))).toBe(false);
    await expect(page.locator("[data-shuffle-explorer]").getAttribute("data-ready")).resolves.toBeNull();
    // Focusing a control (keyboard or pointer) loads it.
    await page.locator('[data-shuffle-explorer] input[name="workers"]').focus();
    await page.locator("[data-shuffle-explorer][data-ready]").waitFor();
    expect(scripts.some((s) => /mount/.test(s))).toBe(true);
  });

  test("moving the controls redraws every figure and writes the state into the URL", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    await setField(page, "workers", "100");
    await page.locator("[data-shuffle-explorer][data-ready]").waitFor();
    await setField(page, "shard", "5");
    await expect.poll(() => figure(page, "possible-shards")).toBe("75,287,520");
    // The exponent is a superscript (innerText runs it on): 1.33 × 10^-6 %, the overlap table's last row.
    await expect(figure(page, "inverse")).resolves.toBe("1.33 × 10-6%");
    await expect(figure(page, "same-shard")).resolves.toBe("1 in 75,287,520 = 1.33 × 10-6%");
    await expect(figure(page, "exact-5")).resolves.toBe("1.33 × 10-6%");
    await setField(page, "customers", "100000");
    await expect.poll(() => figure(page, "sim-0")).toMatch(/\(\d{1,3},\d{3}\)$/);
    // Exact and simulated shares agree within a point at 100,000 customers.
    for (const j of [0, 1, 2]) {
      const exact = parseFloat(await figure(page, `exact-${j}`));
      const simulated = parseFloat(await figure(page, `sim-${j}`));
      expect(Math.abs(exact - simulated)).toBeLessThan(1);
    }
    await setField(page, "groups", "20");
    await expect.poll(() => figure(page, "blast-fixed")).toBe("5%");
    await expect(figure(page, "fixed-groups")).resolves.toContain("20 fixed groups of 5 workers");
    expect(new URL(page.url()).searchParams.get("n")).toBe("100");
    expect(new URL(page.url()).searchParams.get("k")).toBe("5");
    expect(new URL(page.url()).searchParams.get("g")).toBe("20");
    await expect(page.locator("[data-shuffle-explorer] [data-live]").innerText()).resolves.toContain(
      "75,287,520 possible shards",
    );
  });

  test("client failover: customers that lost one of two workers are up only with it", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    await expect(figure(page, "blast-simulated")).resolves.toBe("3.6%");
    await page.locator('[data-shuffle-explorer] input[name="failover"]').first().click();
    // Without failover, the 4,373 that lost one worker join the 361 that lost both.
    await expect.poll(() => figure(page, "blast-simulated")).toBe(`${((100 * (361 + 4373)) / 9999).toFixed(1)}%`);
    await expect(figure(page, "blast-shuffle")).resolves.toBe("46.4%");
    expect(new URL(page.url()).searchParams.get("failover")).toBe("0");
    // A shared link reproduces the view.
    await page.reload();
    await expect.poll(() => figure(page, "blast-simulated")).toBe("47.3%");
    await expect(page.locator('[data-shuffle-explorer] input[name="failover"]').first().isChecked()).resolves.toBe(
      false,
    );
  });

  test("a value that cannot be drawn gets a message at its field; nothing is clamped or rewritten", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    const field = (name: string) => page.locator(`[data-shuffle-explorer] input[name="${name}"]`).first();
    const error = (name: string) => page.locator(`[data-shuffle-explorer] [data-error-for="${name}"]`).first();
    const output = page.locator("[data-shuffle-explorer] [data-output]").first();
    await setField(page, "shard", "20");
    await expect
      .poll(() => error("shard").innerText())
      .toBe("Per shard (k): a whole number from 1 to 8, no more than the workers.");
    await expect(field("shard").inputValue()).resolves.toBe("20");
    await expect(field("shard").getAttribute("aria-invalid")).resolves.toBe("true");
    // Marked as every other widget marks a wrong field: a 2 px red border, 3:1 or more against
    // what is behind it (a control's mark), light and dark; its size unchanged.
    const valid = await field("workers").boundingBox();
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      const mark = await field("shard").evaluate((input) => {
        const style = getComputedStyle(input);
        const layers: string[] = [];
        for (let at: Element | null = input; at; at = at.parentElement)
          layers.push(getComputedStyle(at).backgroundColor);
        return {
          widths: [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth],
          colours: [style.borderTopColor, style.borderRightColor, style.borderBottomColor, style.borderLeftColor],
          layers,
        };
      });
      expect(mark.widths, `${theme} theme`).toEqual(["2px", "2px", "2px", "2px"]);
      expect(new Set(mark.colours).size, `${theme} theme`).toBe(1);
      // Its background and its ancestors' laid over each other, down to the first opaque one.
      const opaque = mark.layers.findIndex((layer) => layer.startsWith("rgb("));
      const behind = mark.layers
        .slice(0, opaque < 0 ? undefined : opaque + 1)
        .reduceRight((under, layer) => over(layer, under), "rgb(255, 255, 255)");
      expect(contrastRatio(mark.colours[0]!, behind), `${theme} theme`).toBeGreaterThanOrEqual(3);
    }
    await page.evaluate(() => {
      document.documentElement.dataset.theme = "light";
    });
    const marked = await field("shard").boundingBox();
    expect([marked?.width, marked?.height]).toEqual([valid?.width, valid?.height]);
    await expect(figure(page, "possible-shards")).resolves.toBe("28");
    await expect(output.getAttribute("data-stale")).resolves.toBe("");
    await setField(page, "shard", "2");
    await expect.poll(() => error("shard").isHidden()).toBe(true);
    // An empty or lettered customers field: a message, and the figures marked out of date.
    for (const typed of ["", "e"]) {
      // (A number field takes letters from the keyboard only, and reads them as no value.)
      await field("customers").fill("");
      await field("customers").pressSequentially(typed);
      await field("customers").dispatchEvent("change");
      await expect.poll(() => error("customers").innerText()).toBe("Customers: a whole number from 2 to 1,000,000.");
      await expect(output.getAttribute("data-stale")).resolves.toBe("");
    }
    await setField(page, "customers", "10000");
    // -5 workers is refused as typed, not made 1.
    await setField(page, "workers", "-5");
    await expect.poll(() => error("workers").innerText()).toBe("Workers (n): a whole number from 1 to 2,048.");
    await expect(field("workers").inputValue()).resolves.toBe("-5");
    // One worker: the shard and the groups the reader typed stay as typed, each with its message.
    await setField(page, "workers", "1");
    await expect
      .poll(() => error("shard").innerText())
      .toBe("Per shard (k): a whole number from 1 to 1, no more than the workers.");
    await expect(error("groups").innerText()).resolves.toBe(
      "Fixed groups: a whole number from 1 to 1, no more than the workers.",
    );
    await expect(field("shard").inputValue()).resolves.toBe("2");
    await expect(field("groups").inputValue()).resolves.toBe("4");
    await expect(error("workers").isHidden()).resolves.toBe(true);
    await setField(page, "workers", "16");
    await expect.poll(() => figure(page, "possible-shards")).toBe("120");
    await expect(output.getAttribute("data-stale")).resolves.toBeNull();
    // Half-typed: on the way to 32, the 3 is not drawn; the figures say they are the last drawn.
    await field("shard").fill("3");
    const stale = page.locator("[data-shuffle-explorer] [data-stale-note]").first();
    await expect.poll(() => stale.innerText()).toMatch(/last values drawn: press Enter or leave the field/);
    await expect(output.getAttribute("data-stale")).resolves.toBe("");
    await expect(figure(page, "possible-shards")).resolves.toBe("120");
    await field("shard").fill("32");
    await expect
      .poll(() => error("shard").innerText())
      .toBe("Per shard (k): a whole number from 1 to 16, no more than the workers.");
    await expect(figure(page, "possible-shards")).resolves.toBe("120");
    await field("shard").fill("3");
    await field("shard").press("Enter");
    await expect.poll(() => figure(page, "possible-shards")).toBe("560");
    await expect(output.getAttribute("data-stale")).resolves.toBeNull();
  });

  // QA: the shard and groups fields' max followed only a drawn state, so with another field wrong a
  // new worker count left them at the old one: at 100 workers the arrow keys stopped the shard at 8.
  test("the worker count typed sets the shard's and the groups' max at once, whatever another field holds", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    const field = (name: string) => page.locator(`[data-shuffle-explorer] input[name="${name}"]`).first();
    await setField(page, "seed", "-1");
    await page.locator("[data-shuffle-explorer][data-ready]").waitFor();
    await setField(page, "workers", "100");
    await expect.poll(() => field("shard").getAttribute("max")).toBe("32");
    await expect(field("groups").getAttribute("max")).resolves.toBe("100");
    await field("shard").focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowUp");
    await expect(field("shard").inputValue()).resolves.toBe("12");
    await setField(page, "workers", "6");
    await expect.poll(() => field("shard").getAttribute("max")).toBe("6");
    await expect(field("groups").getAttribute("max")).resolves.toBe("6");
    // A shared link's worker count, too (the server drew 8 workers' bounds).
    await page.goto(`${site}/shuffle-sharding/?n=100&k=5`);
    await page.locator("[data-shuffle-explorer][data-ready]").waitFor();
    await expect(field("shard").getAttribute("max")).resolves.toBe("32");
    await expect(field("groups").getAttribute("max")).resolves.toBe("100");
  });

  // QA: a hand-edited link's k=99 with 8 workers was drawn as k=8 (one possible shard, every other
  // customer down) and seed=1.5 as seed 2, the address rewritten to match, and nothing said so.
  // Kit audit L5: ?n=3&k=5 marked "Fixed groups", which the link did not give (its 4 > 3), and said
  // "shards of 2" at the shard but "the defaults (8 workers, ...)" above, the 3 workers unmarked.
  // Widget audit 3 and 9: seed "1e3" was told a rule it keeps; one marked field was "fields".
  test("a link's value that cannot be drawn is shown as the link gave it, with its message; the address is kept", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/?n=3&k=5&seed=1e3`);
    const field = (name: string) => page.locator(`[data-shuffle-explorer] input[name="${name}"]`).first();
    const error = (name: string) => page.locator(`[data-shuffle-explorer] [data-error-for="${name}"]`).first();
    const output = page.locator("[data-shuffle-explorer] [data-output]").first();
    const stale = page.locator("[data-shuffle-explorer] [data-stale-note]").first();
    await page.locator("[data-shuffle-explorer][data-ready]").waitFor();
    // Each refused value is quoted as the link wrote it, with the value the figures use instead.
    await expect
      .poll(() => error("shard").innerText())
      .toBe(
        'Per shard (k): a whole number from 1 to 3, no more than the workers. The link gave "5", so the figures use shards of 2.',
      );
    // The seed's message is the rule the seed is read by (seedRule), in full.
    await expect(error("seed").innerText()).resolves.toBe(
      'Seed: a whole number from 0 to 4,294,967,295, written in digits only. The link gave "1e3", so the figures use seed 7.',
    );
    await expect(field("shard").inputValue()).resolves.toBe("5");
    await expect(field("shard").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(field("seed").inputValue()).resolves.toBe("1e3");
    // Only what the link gave is marked: the groups it did not name fit its 3 workers, as its drawing will.
    await expect(field("groups").inputValue()).resolves.toBe("3");
    await expect(field("groups").getAttribute("aria-invalid")).resolves.toBeNull();
    await expect(error("groups").isHidden()).resolves.toBe(true);
    await expect(field("workers").getAttribute("aria-invalid")).resolves.toBeNull();
    // The figures are the server's, marked out of date, and the note names what they use and which
    // of the fields' values they do not: the 3 workers are not drawn, though nothing is wrong with them.
    await expect(output.getAttribute("data-stale")).resolves.toBe("");
    await expect(figure(page, "possible-shards")).resolves.toBe("28");
    await expect(stale.innerText()).resolves.toBe(
      "The figures below use the defaults (8 workers, shards of 2, 10,000 customers, 4 fixed groups, seed 7, failover on) until the marked fields are corrected; they do not use the 3 workers and 3 fixed groups the fields show either.",
    );
    expect(new URL(page.url()).searchParams.get("k")).toBe("5");
    // One field corrected, one marked: "field", as every widget's note counts them.
    await setField(page, "shard", "2");
    await expect
      .poll(() => stale.innerText())
      .toBe(
        "The figures below use the defaults (8 workers, shards of 2, 10,000 customers, 4 fixed groups, seed 7, failover on) until the marked field is corrected; they do not use the 3 workers and 3 fixed groups the fields show either.",
      );
    // Corrected, the link's state is drawn and written back.
    await setField(page, "seed", "1");
    await expect.poll(() => figure(page, "possible-shards")).toBe("3");
    await expect(output.getAttribute("data-stale")).resolves.toBeNull();
    expect(new URL(page.url()).searchParams.get("k")).toBe("2");
    expect(new URL(page.url()).searchParams.get("g")).toBe("3");
    // A drawn state, then one wrong field: the note over the last values drawn says "field".
    await setField(page, "customers", "1");
    await expect
      .poll(() => stale.innerText())
      .toBe("The figures below are for the last values drawn: correct the marked field to redraw them.");
    await setField(page, "customers", "10000");
    await expect.poll(() => output.getAttribute("data-stale")).toBeNull();
  });

  // QA: ?n=abc and ?n=1e400 showed a blank field (a number field cannot hold them): what the link
  // gave could not be seen, though the explorer promises to show it as the link gave it.
  test("a link's value that its number field cannot hold is quoted in the field's message, until the field is edited", async () => {
    const { page } = browser;
    // (g=0 and failover=7: audit, in the presenter view, which this explorer's code draws too.)
    await page.goto(`${site}/shuffle-sharding/?n=abc&c=1e400&k=2&g=0&failover=7`);
    const field = (name: string) => page.locator(`[data-shuffle-explorer] input[name="${name}"]`).first();
    const error = (name: string) => page.locator(`[data-shuffle-explorer] [data-error-for="${name}"]`).first();
    const stale = page.locator("[data-shuffle-explorer] [data-stale-note]").first();
    await page.locator("[data-shuffle-explorer][data-ready]").waitFor();
    await expect
      .poll(() => error("workers").innerText())
      .toBe('Workers (n): a whole number from 1 to 2,048. The link gave "abc", so the figures use 8 workers.');
    await expect(error("customers").innerText()).resolves.toMatch(
      /^Customers: .* The link gave "1e400", so the figures use 10,000 customers\.$/,
    );
    // A value the field shows is quoted too, since it is refused as well.
    await expect(error("groups").innerText()).resolves.toMatch(
      /^Fixed groups: .* The link gave "0", so the figures use 4 fixed groups\.$/,
    );
    await expect(field("groups").inputValue()).resolves.toBe("0");
    await expect(field("workers").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(field("workers").inputValue()).resolves.toBe("");
    // A value the field holds and the explorer accepts is shown there, and not quoted.
    await expect(field("shard").inputValue()).resolves.toBe("2");
    await expect(error("shard").isHidden()).resolves.toBe(true);
    // The figures are the defaults, none of the link's values, and said to be.
    await expect(stale.innerText()).resolves.toBe(
      "The figures below use the defaults (8 workers, shards of 2, 10,000 customers, 4 fixed groups, seed 7, failover on) until the marked fields are corrected, not the link's values.",
    );
    // A failover that is no word for on or off is said, at the box, with what stays.
    const failover = field("failover");
    await expect(error("failover").innerText()).resolves.toBe(
      'Failover: the link gave "7", which is neither on (1) nor off (0), so failover stays on.',
    );
    await expect(failover.isChecked()).resolves.toBe(true);
    const described = await failover.evaluate(
      (box) => document.getElementById(box.getAttribute("aria-describedby")!)?.textContent,
    );
    expect(described).toBe(await error("failover").innerText());
    // Edited, the field's message is the rule alone, as for any typed value.
    await setField(page, "workers", "0");
    await expect.poll(() => error("workers").innerText()).toBe("Workers (n): a whole number from 1 to 2,048.");
    await expect(error("customers").innerText()).resolves.toMatch(
      / The link gave "1e400", so the figures use 10,000 customers\.$/,
    );
    await setField(page, "workers", "8");
    await setField(page, "customers", "10000");
    await setField(page, "groups", "4");
    await expect.poll(() => error("customers").isVisible()).toBe(false);
    await expect(figure(page, "possible-shards")).resolves.toBe("28");
    // Drawn: the box's note stays (the box was not changed), the figures are no longer out of date.
    await expect(stale.isHidden()).resolves.toBe(true);
    await expect(error("failover").isVisible()).resolves.toBe(true);
    // Changed, the box's note goes, and the problem box with it.
    await failover.uncheck();
    await expect.poll(() => error("failover").isHidden()).toBe(true);
    await expect(page.locator("[data-shuffle-explorer] [data-problem]").first().isHidden()).resolves.toBe(true);
  });

  test("a combination that would freeze the page is refused at the field, with the limit; the last drawing stays", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/?n=2048&k=32&c=100000&g=4&seed=7&failover=1`);
    // The address's combination is drawn (C(2048, 32), about 2.73 x 10^70), not the page's first
    // view (28): until then the figures are the server's, and "the last drawing" is not yet the
    // address's. (Reading them sooner failed once: the figure read was the server's 28.)
    // Its power of ten is a superscript, as everywhere on the page, never a caret (innerText runs it on).
    await expect.poll(() => figure(page, "possible-shards")).toBe("2.73 × 1070 (71 digits)");
    await expect(
      page.locator('[data-shuffle-explorer] [data-figure="possible-shards"] sup').first().innerText(),
    ).resolves.toBe("70");
    // The live sentence says it in words: a screen reader reads a caret aloud ("10 caret 70").
    const live = page.locator("[data-shuffle-explorer] [data-live]").first();
    await expect(live.getAttribute("aria-live")).resolves.toBe("polite");
    await expect
      .poll(() => live.innerText())
      .toMatch(/^2,048 workers, shards of 32: 2\.73 × 10 to the power of 70 \(71 digits\) possible shards\. /);
    await expect(live.innerText()).resolves.not.toMatch(/\^/);
    await expect.poll(() => figure(page, "lost-none")).toMatch(/\d/);
    const before = await figure(page, "possible-shards");
    const problem = page.locator("[data-shuffle-explorer] [data-problem]").first();
    await expect(problem.isHidden()).resolves.toBe(true);
    // A million customers with shards of 32: 32,000,000 picks on the main thread (about a second) before.
    await setField(page, "customers", "1000000");
    // The first change loads the explorer's code.
    await expect.poll(() => problem.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect(problem.innerText()).resolves.toMatch(
      /32,000,000 worker picks, over the limit of 5,000,000 a run: with shards of 32, use at most 156,250 customers/,
    );
    await expect(
      page.locator('[data-shuffle-explorer] input[name="customers"]').first().getAttribute("aria-invalid"),
    ).resolves.toBe("true");
    await expect(figure(page, "possible-shards")).resolves.toBe(before);
    await setField(page, "customers", "150000");
    await expect.poll(() => problem.isHidden()).toBe(true);
    await expect.poll(() => page.locator("[data-shuffle-explorer] [data-output][data-stale]").count()).toBe(0);
  });

  test("a shared link's figures are marked out of date until the explorer has drawn them", async () => {
    const { page } = browser;
    // Hold the explorer's code back, to look at the page before it has drawn the address's state.
    const code = "**/_astro/mount*.js";
    const release = await holdRequests(page, code);
    try {
      // (Not waiting for "load", which the held code may delay.)
      await page.goto(`${site}/shuffle-sharding/?n=100&k=5&c=10000&g=4&seed=7`, { waitUntil: "domcontentloaded" });
      const output = page.locator("[data-shuffle-explorer] [data-output]").first();
      await expect(figure(page, "possible-shards")).resolves.toBe("28");
      await expect(output.getAttribute("data-stale")).resolves.toBe("");
      release();
      await expect.poll(() => figure(page, "possible-shards")).toBe("75,287,520");
      await expect.poll(() => output.getAttribute("data-stale")).toBeNull();
    } finally {
      release();
      await page.unroute(code);
    }
  });

  // The overlap table's legend sat in a column header whose swatches stay on one line: at a
  // phone's width the table ran past its panel and its "simulated" column scrolled out of sight.
  test("at 375 px both tables fit their panel, the smallest shares included", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await page.goto(`${site}/shuffle-sharding/?n=2048&k=4&c=2000&g=4`);
      await expect.poll(() => figure(page, "possible-shards")).toContain("730");
      const tables = await page
        .locator("[data-shuffle-explorer] .sx-table")
        .evaluateAll((all) => all.map((t) => [t.scrollWidth, t.parentElement!.clientWidth]));
      expect(tables).toHaveLength(2);
      for (const [table, panel] of tables) expect(table).toBeLessThanOrEqual(panel!);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  // QA: the fixed groups' boxes each showed a bare "2"; they now name their workers ("0–1"), and
  // every label must fit its box on a phone, the longest ("1984–2047") included.
  test("at 390 px every fixed group's label fits its box, and the down group's reads at 4.5:1, light and dark", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      for (const [query, first, last] of [
        ["", "0–1", "6–7"],
        ["?n=2048&k=4&c=2000&g=32", "0–63", "1984–2047"],
      ] as const) {
        await page.goto(`${site}/shuffle-sharding/${query}`);
        const boxes = page.locator("[data-shuffle-explorer] .sx-g");
        await expect.poll(() => boxes.last().innerText()).toBe(last);
        await expect(boxes.first().innerText()).resolves.toBe(first);
        const overflow = await boxes.evaluateAll((all) =>
          all.filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent),
        );
        expect(overflow, query).toEqual([]);
      }
      const down = page.locator("[data-shuffle-explorer] .sx-g--down").first();
      for (const theme of ["light", "dark"]) {
        await page.evaluate((t) => {
          document.documentElement.dataset.theme = t;
        }, theme);
        expect(await textContrast(down), `${theme} theme`).toBeGreaterThanOrEqual(4.5);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  // QA: the poison shard's worker numbers were white on Starlight's pink, 3.59:1 light and 3.37:1
  // dark, below the 4.5:1 that text of this size needs (WCAG 2 relative luminance, as axe-core).
  test("the poison shard's worker numbers reach 4.5:1 against their box, light and dark", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    const worker = page.locator("[data-shuffle-explorer] .sx-w--poison").first();
    await expect(worker.innerText()).resolves.toMatch(/^\d+$/);
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      expect(await textContrast(worker), `${theme} theme`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
