// Budget checks (data from tests/bench/budgets.json), the stdout tables and the JSON report.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CATEGORIES } from "./lighthouse.mjs";
import { round } from "./load.mjs";

/** The soak's drift is judged only on windows with at least this many answers of the kind. */
const SOAK_MIN_DRIFT_SAMPLES = 30;

/** product/baseline ratios for one route: throughput (higher is better) and latency (lower is better). */
export function ratios(product, baseline) {
  const div = (a, b) => (a === null || b === null || !b ? null : round(a / b, 2));
  return {
    throughput: div(product.rps, baseline.rps),
    p50: div(product.latencyMs.p50, baseline.latencyMs.p50),
    p99: div(product.latencyMs.p99, baseline.latencyMs.p99),
  };
}

/**
 * Evaluates every budget. Returns a list of { status: "pass"|"warn"|"fail"|"skip", name, actual, limit, note }.
 */
export function evaluateBudgets(result, budgets) {
  const checks = [];
  const add = (status, name, actual, limit, note) => checks.push({ status, name, actual, limit, note });

  // Load: errors and ratios.
  const maxErrorRate = budgets.load?.maxErrorRate ?? 0;
  for (const [key, run] of Object.entries(result.load?.runs ?? {})) {
    add(
      run.errorRate <= maxErrorRate ? "pass" : "fail",
      `errors ${key}`,
      run.errorRate,
      `<= ${maxErrorRate}`,
      run.errors || run.non2xx
        ? `${run.errors} errors, ${run.non2xx} non-2xx of ${run.requests + run.errors}`
        : undefined,
    );
  }
  for (const [route, r] of Object.entries(result.load?.ratios ?? {})) {
    const b = budgets.ratios?.[route];
    if (!b) continue;
    if (b.throughputMin !== undefined) {
      add(
        r.throughput !== null && r.throughput >= b.throughputMin ? "pass" : "fail",
        `${route} throughput ratio`,
        r.throughput,
        `>= ${b.throughputMin}`,
      );
    }
    if (b.p50Max !== undefined) {
      add(r.p50 !== null && r.p50 <= b.p50Max ? "pass" : "fail", `${route} p50 latency ratio`, r.p50, `<= ${b.p50Max}`);
    }
    if (b.p99Max !== undefined) {
      add(r.p99 !== null && r.p99 <= b.p99Max ? "pass" : "fail", `${route} p99 latency ratio`, r.p99, `<= ${b.p99Max}`);
    }
  }

  // Landing page weight. A development build (remix watch) is not minified: report, don't judge.
  const landing = result.landing;
  if (landing && !landing.skipped) {
    const broken = landing.brokenAssets ?? [];
    add(
      broken.length ? "fail" : "pass",
      "landing assets load",
      broken.length,
      "0 broken",
      broken.length ? `${broken.slice(0, 3).join(", ")}${broken.length > 3 ? ", …" : ""}` : undefined,
    );
    const devBuild = result.build?.mode !== "production";
    for (const [kind, budgetKey, measure] of [
      ["js", "jsGzipKiB", "gzipKiB"],
      ["css", "cssGzipKiB", "gzipKiB"],
      ["html", "htmlRawKiB", "rawKiB"],
    ]) {
      const limit = budgets.landing?.[budgetKey];
      if (limit === undefined) continue;
      const actual = landing[kind]?.[measure] ?? null;
      const name = `landing ${kind.toUpperCase()} ${measure === "rawKiB" ? "raw" : "gzip"} KiB`;
      if (devBuild)
        add(
          "skip",
          name,
          actual,
          `<= ${limit}`,
          `build mode is ${result.build?.mode}; budgets apply to production builds`,
        );
      else add(actual !== null && actual <= limit ? "pass" : "fail", name, actual, `<= ${limit}`);
    }
  }

  // The main Worker's upload (issue 29): measured with the landing section; judged when the
  // budget has a mainWorker.gzipKiBMax.
  const mainWorker = result.mainWorker;
  if (mainWorker && !mainWorker.skipped) {
    const limit = budgets.mainWorker?.gzipKiBMax;
    if (mainWorker.error) add("fail", "main Worker bundle measured", null, "completes", mainWorker.error);
    else if (limit !== undefined)
      add(mainWorker.gzipKiB <= limit ? "pass" : "fail", "main Worker bundle gzip KiB", mainWorker.gzipKiB, `<= ${limit}`);
  }

  // Usage meter: every reservation granted and committed; reservations/s floor per user count.
  const meter = result.meter;
  if (meter && !meter.skipped) {
    if (meter.error) {
      add("fail", "meter reservations run", null, "completes", meter.error);
    } else {
      const maxErr = budgets.meter?.maxErrorRate ?? 0;
      for (const [n, r] of Object.entries(meter.runs ?? {})) {
        const users = `${n} user${n === "1" ? "" : "s"}`;
        add(
          r.errorRate <= maxErr ? "pass" : "fail",
          `meter errors (${users})`,
          r.errorRate,
          `<= ${maxErr}`,
          r.errors || r.non2xx ? `${r.errors} errors, ${r.non2xx} non-2xx of ${r.requests + r.errors}` : undefined,
        );
        const min = budgets.meter?.minReservationsPerSecond?.[n];
        if (min !== undefined) {
          const actual = r.reservationsPerSecond;
          add(
            actual !== null && actual >= min ? "pass" : "fail",
            `meter reservations/s (${users})`,
            actual,
            `>= ${min}`,
          );
        }
      }
    }
  }

  // SSE fan-out: every stream gets every event; p99 latency per stream count where budgeted.
  const sse = result.sse;
  if (sse && !sse.skipped) {
    if (sse.error) {
      add("fail", "sse fan-out run", null, "completes", sse.error);
    } else {
      const maxMissed = budgets.sse?.maxMissed ?? 0;
      for (const [n, r] of Object.entries(sse.runs ?? {})) {
        const bad = Object.entries(r.webhookStatuses ?? {}).filter(([st]) => !(Number(st) >= 200 && Number(st) < 300));
        add(
          r.missed <= maxMissed ? "pass" : "fail",
          `sse every stream received every event (${n} streams)`,
          r.missed,
          `<= ${maxMissed} missed of ${r.expected}`,
          [
            bad.length ? `webhook answered ${bad.map(([st, c]) => `${st} x${c}`).join(", ")}` : null,
            r.droppedStreams ? `${r.droppedStreams} stream(s) dropped by the server (Worker reloaded?)` : null,
          ]
            .filter(Boolean)
            .join("; ") || undefined,
        );
        const limit = budgets.sse?.p99FanoutMs?.[n];
        if (limit !== undefined) {
          const actual = r.fanoutMs.p99;
          add(
            actual !== null && actual <= limit ? "pass" : "fail",
            `sse p99 fan-out ms (${n} streams)`,
            actual,
            `<= ${limit}`,
          );
        }
      }
    }
  }

  // Chat TTFT: every question answered (direct and through the product), overhead caps per mode.
  const chat = result.chat;
  if (chat && !chat.skipped) {
    if (chat.error) {
      add("fail", "chat TTFT run", null, "completes", chat.error);
    } else {
      const maxErr = budgets.chat?.maxErrorRate ?? 0;
      // The resumed stream (a reload mid-answer): every one must finish, its first event within the cap.
      const resumed = chat.runs?.resumed;
      if (resumed) {
        add(
          resumed.errorRate <= maxErr ? "pass" : "fail",
          "chat errors (resumed stream)",
          resumed.errorRate,
          `<= ${maxErr}`,
          resumed.errors ? JSON.stringify(resumed.errorKinds).slice(0, 300) : undefined,
        );
        const cap = budgets.chat?.resumedFirstEventMs;
        for (const pct of ["p50", "p99"]) {
          if (cap?.[pct] === undefined) continue;
          const actual = resumed.resumeFirstEventMs[pct];
          add(actual !== null && actual <= cap[pct] ? "pass" : "fail", `chat resumed stream ${pct} time to first event ms`, actual, `<= ${cap[pct]}`);
        }
      }
      for (const [mode, r] of Object.entries(chat.runs ?? {})) {
        if (mode === "resumed") continue;
        for (const side of ["direct", "product"]) {
          const s = r[side];
          add(
            s.errorRate <= maxErr ? "pass" : "fail",
            `chat errors (${mode}, ${side})`,
            s.errorRate,
            `<= ${maxErr}`,
            s.errors
              ? `${s.errors} of ${s.count}: ${Object.entries(s.errorKinds ?? {})
                  .map(([k, n]) => `${k} x${n}`)
                  .join("; ")
                  .slice(0, 300)}`
              : undefined,
          );
        }
        for (const [key, pct] of [
          ["p50OverheadMs", "p50"],
          ["p99OverheadMs", "p99"],
        ]) {
          const limit = budgets.chat?.[key]?.[mode];
          if (limit === undefined) continue;
          const actual = r.overheadMs[pct];
          add(
            actual !== null && actual <= limit ? "pass" : "fail",
            `chat ${pct} TTFT overhead ms (${mode})`,
            actual,
            `<= ${limit}`,
            `product ${r.product.ttftMs[pct]} ms - direct ${r.direct.ttftMs[pct]} ms`,
          );
        }
      }
    }
    // The offline analyst is measured as information: a failure warns, it does not fail the bench.
    const a = chat.analyst;
    if (a?.error || a?.errors) {
      add(
        "warn",
        "chat analyst answers",
        a.error ? null : a.errorRate,
        "no errors (information only)",
        a.error ?? JSON.stringify(a.errorKinds),
      );
    }
  }

  // Knowledge-base retrieval: the share of questions whose answer is in the top passages.
  const retrieval = result.retrieval;
  if (retrieval && !retrieval.skipped) {
    if (retrieval.error) {
      add("fail", "knowledge-base retrieval run", null, "completes", retrieval.error);
    } else {
      const floor = budgets.retrieval?.[`minTop${retrieval.top}HitRate`];
      if (floor !== undefined) {
        add(
          retrieval.hitRate >= floor ? "pass" : "fail",
          `knowledge-base retrieval top-${retrieval.top} hit rate`,
          retrieval.hitRate,
          `>= ${floor}`,
          `${retrieval.hits}/${retrieval.questions}` +
            (retrieval.misses.length ? `; missed: ${retrieval.misses.map((m) => `"${m.q}"`).join(", ")}`.slice(0, 300) : ""),
        );
      }
    }
  }

  // Explorer: filter + sort + page latency at full catalog size, as ratios to the baseline route.
  const explorer = result.explorer;
  if (explorer && !explorer.skipped) {
    if (explorer.error) {
      add("fail", "explorer latency run", null, "completes", explorer.error);
    } else {
      const b = budgets.explorer ?? {};
      add(explorer.errors === 0 ? "pass" : "fail", "explorer errors", explorer.errors, "0", `${explorer.requests} queries`);
      add((explorer.catalogProducts ?? 0) >= (b.minProducts ?? 5000) ? "pass" : "fail", "explorer catalog size", explorer.catalogProducts, `>= ${b.minProducts ?? 5000}`);
      add(explorer.p50Ratio <= b.p50RatioMax ? "pass" : "fail", "explorer p50 / baseline p50", explorer.p50Ratio, `<= ${b.p50RatioMax}`, `${explorer.explorer.p50Ms} ms vs ${explorer.baseline.p50Ms} ms`);
      add(explorer.p99Ratio <= b.p99RatioMax ? "pass" : "fail", "explorer p99 / baseline p99", explorer.p99Ratio, `<= ${b.p99RatioMax}`, `${explorer.explorer.p99Ms} ms vs ${explorer.baseline.p99Ms} ms`);
    }
  }

  // Drop page throughput as a ratio to a static file of the same wrangler dev (issue 14: 0.8x or better).
  const dp = result.droppage;
  if (dp && !dp.skipped) {
    if (dp.error) {
      add("fail", "drop page throughput run", null, "completes", dp.error);
    } else {
      const b = budgets.droppage ?? {};
      const maxErr = b.maxErrorRate ?? 0;
      for (const name of ["static", "droppage"]) {
        const r = dp.runs[name];
        add(
          r.errorRate <= maxErr ? "pass" : "fail",
          `drop page errors (${name === "static" ? "static file" : "drop page"})`,
          r.errorRate,
          `<= ${maxErr}`,
          r.errors || r.unexpected ? `${r.errors} errors, ${r.unexpected} unexpected statuses of ${r.requests + r.errors}` : undefined,
        );
      }
      if (b.minThroughputRatio !== undefined) {
        add(
          dp.ratio !== null && dp.ratio >= b.minThroughputRatio ? "pass" : "fail",
          "drop page / static file throughput",
          dp.ratio,
          `>= ${b.minThroughputRatio}`,
          `${dp.runs.droppage.rps} vs ${dp.runs.static.rps} req/s; without the view count ${dp.runs["droppage-uncounted"].rps} req/s (${dp.diagnosis.uncountedRatio}x), the Worker's 405 ${dp.runs["worker-floor"].rps} req/s (${dp.diagnosis.workerFloorRatio}x); a Worker that does nothing: ${dp.diagnosis.trivialWorkerRatio ?? "n/a"}x`,
        );
      }
    }
  }

  // Image rendering (issue 15): every visual made, wall time per visual as a ratio to the product's
  // own /api/health in the same run, the rendering Worker's upload size, no wasm in the main Worker.
  const im = result.images;
  if (im && !im.skipped) {
    if (im.error) {
      add("fail", "image rendering run", null, "completes", im.error);
    } else {
      const b = budgets.images ?? {};
      add(
        im.errors <= (b.maxErrors ?? 0) ? "pass" : "fail",
        "image rendering errors",
        im.errors,
        `<= ${b.maxErrors ?? 0}`,
        im.errors ? im.errorSamples.join("; ").slice(0, 300) : undefined,
      );
      for (const [label, r] of Object.entries(im.sizes ?? {})) {
        for (const [pct, key] of [
          ["p50", "p50RatioMax"],
          ["p99", "p99RatioMax"],
        ]) {
          const limit = b[key]?.[label];
          if (limit === undefined) continue;
          const actual = r[`${pct}Ratio`];
          add(
            actual !== null && actual <= limit ? "pass" : "fail",
            `image ${label} visual ${pct} / /api/health ${pct}`,
            actual,
            `<= ${limit}`,
            `${r.visualMs[pct]} ms vs ${r.healthMs[pct]} ms`,
          );
        }
      }
      // Issue 29 states its goal in time (a 1080×1080 visual, full PNG and thumbnail, in 300 ms p50);
      // it is judged as stated, beside the ratios, which hold whatever the machine's load.
      for (const [label, r] of Object.entries(im.sizes ?? {})) {
        const limit = b.p50MsMax?.[label];
        if (limit === undefined) continue;
        const actual = r.visualMs?.p50 ?? null;
        add(actual !== null && actual <= limit ? "pass" : "fail", `image ${label} visual p50 ms`, actual, `<= ${limit}`);
      }
      const bundle = im.bundle;
      if (b.workerGzipKiBMax !== undefined && bundle) {
        add(
          bundle.total.gzipKiB <= b.workerGzipKiBMax ? "pass" : "fail",
          "images Worker bundle gzip KiB",
          bundle.total.gzipKiB,
          `<= ${b.workerGzipKiBMax}`,
          `JS ${bundle.js.gzipKiB}, wasm ${bundle.wasm.gzipKiB}, fonts ${bundle.fonts.gzipKiB}`,
        );
      }
      if (bundle?.main && !bundle.main.error) {
        add(
          bundle.main.binaryModules.length === 0 ? "pass" : "fail",
          "main Worker bundle has no wasm or font modules",
          bundle.main.binaryModules.length,
          "0",
          bundle.main.binaryModules.length ? bundle.main.binaryModules.join(", ") : `${bundle.main.gzipKiB} KiB gzip`,
        );
      }
    }
  }

  // Lighthouse on the published drop page: every category at its minimum, mobile and desktop.
  const dl = result.droppageLighthouse;
  if (dl && !dl.skipped) {
    if (dl.error) add("fail", "drop page lighthouse run", null, "completes", dl.error);
    for (const formFactor of dl.error ? [] : ["mobile", "desktop"]) {
      const run = dl[formFactor];
      if (!run || run.error) {
        add("fail", `drop page lighthouse run (${formFactor})`, null, "completes", run?.error ?? "missing");
        continue;
      }
      for (const cat of CATEGORIES) {
        const score = run.scores?.[cat] ?? null;
        const min = budgets.droppageLighthouse?.min?.[cat] ?? 0;
        const failing = (run.failing?.[cat] ?? []).map((a) => a.id).join(", ");
        add(
          score !== null && score >= min ? "pass" : "fail",
          `drop page lighthouse ${cat} (${formFactor})`,
          score,
          `>= ${min}`,
          score !== null && score < min && failing ? `failing: ${failing}` : undefined,
        );
      }
    }
  }

  // The soak (issue 29): no errors over the whole run, and no kind's p50 creeping up from its first
  // minutes to its last (budgets.json soak; the issue's goals when absent).
  const sk = result.soak;
  if (sk && !sk.skipped) {
    if (sk.error) {
      add("fail", "soak run", null, "completes", sk.error);
    } else {
      const maxErr = budgets.soak?.maxErrorRate ?? 0;
      const maxDrift = budgets.soak?.maxP50DriftRatio ?? 1.2;
      const erring = Object.entries(sk.kinds).filter(([, k]) => k.errors);
      add(
        sk.errorRate <= maxErr ? "pass" : "fail",
        `soak errors (${sk.minutes} min)`,
        sk.errorRate,
        `<= ${maxErr}`,
        erring.length
          ? erring.map(([kind, k]) => `${kind} ${k.errors}/${k.requests}: ${Object.keys(k.errorKinds ?? {})[0] ?? ""}`).join("; ").slice(0, 300)
          : `${sk.requests} requests`,
      );
      for (const [kind, k] of Object.entries(sk.kinds)) {
        const d = k.drift;
        const name = `soak ${kind} p50 drift (last ${d.windowMinutes} min / first ${d.windowMinutes} min)`;
        // A p50 of a handful of requests (3 reports a minute in a short run) is noise, not drift.
        if (d.p50Ratio !== null && Math.min(d.firstN ?? 0, d.lastN ?? 0) < SOAK_MIN_DRIFT_SAMPLES) {
          add("skip", name, d.p50Ratio, `<= ${maxDrift}`, `${d.firstN} and ${d.lastN} answers in the windows, under ${SOAK_MIN_DRIFT_SAMPLES}: too few for a p50`);
          continue;
        }
        add(
          d.p50Ratio !== null && d.p50Ratio <= maxDrift ? "pass" : "fail",
          name,
          d.p50Ratio,
          `<= ${maxDrift}`,
          `${d.firstP50} -> ${d.lastP50} ms; slope ${d.p50SlopeMsPerMinute} ms/min` +
            (d.p50RatioOverHealth !== undefined && d.p50RatioOverHealth !== null ? `; over /api/health's drift ${d.p50RatioOverHealth}` : ""),
        );
      }
    }
  }

  // Lighthouse on the landing page: every run against the minimum per category, and the slowest LCP.
  const lh = result.lighthouse;
  if (lh && !lh.skipped) {
    if (lh.error) {
      add("fail", "lighthouse run", null, "completes", lh.error);
    } else {
      // Every run is judged (issue 29: 100 in 5 of 5 runs, LCP <= 1.5 s); the actual is the worst run's.
      const runs = lh.runs ?? [{ scores: lh.scores, metrics: lh.metrics }];
      const of = `${runs.length} run${runs.length === 1 ? "" : "s"}`;
      for (const cat of CATEGORIES) {
        const scores = runs.map((r) => r.scores?.[cat] ?? null);
        const worst = scores.includes(null) ? null : Math.min(...scores);
        const min = budgets.lighthouse?.min?.[cat] ?? 0;
        add(worst !== null && worst >= min ? "pass" : "fail", `lighthouse ${cat} (worst of ${of})`, worst, `>= ${min}`, scores.join(", "));
      }
      const maxLcp = budgets.lighthouse?.maxLcpMs;
      if (maxLcp !== undefined) {
        const lcps = runs.map((r) => r.metrics?.lcpMs ?? null);
        const worst = lcps.includes(null) ? null : Math.max(...lcps);
        add(worst !== null && worst <= maxLcp ? "pass" : "fail", `lighthouse LCP ms (worst of ${of})`, worst, `<= ${maxLcp}`, lcps.join(", "));
      }
    }
  }
  return checks;
}

/** Human-readable tables for stdout. */
export function formatReport(result, checks) {
  const out = [];
  const line = (s = "") => out.push(s);
  const o = result.options;
  // A section is skipped by its --no-<name> flag or by an --only list that leaves it out.
  const skippedBy = (name) => (o.only && !o.only.includes(name) ? "--only" : `--no-${name}`);
  line();
  line(
    `Dropcraft bench  ${result.startedAt}  (build: ${result.build?.mode ?? "?"}${result.build?.skipped ? ", --no-build" : ""}; git ${result.git?.commit ?? "?"}${result.git?.dirty ? " dirty" : ""})`,
  );

  const busy = result.machine?.loadAvgBefore?.[0] > result.machine?.cpus;
  if (busy) {
    line(
      `WARN: machine busy before the run (load average ${result.machine.loadAvgBefore.map((v) => v.toFixed(1)).join(" ")} on ${result.machine.cpus} CPUs): latency numbers are noisy`,
    );
  }

  if (result.load?.skipped) {
    line();
    line("Load: skipped (--only)");
  } else if (result.load) {
    line();
    line(`Load: ${o.connections} connections, ${o.warmup} s warmup + ${o.duration} s measured, keep-alive`);
    const rows = [["target", "route", "req/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors", "non-2xx"]];
    for (const [key, r] of Object.entries(result.load.runs)) {
      const [target, route] = key.split(" ");
      rows.push([
        target,
        route,
        fmt(r.rps, 0),
        fmt(r.latencyMs.p50),
        fmt(r.latencyMs.p90),
        fmt(r.latencyMs.p99),
        fmt(r.latencyMs.max),
        r.errors,
        r.non2xx,
      ]);
    }
    table(rows, line, 2);
    line();
    const rrows = [["ratio product/baseline", "throughput", "p50 latency", "p99 latency"]];
    for (const [route, r] of Object.entries(result.load.ratios))
      rrows.push([route, x(r.throughput), x(r.p50), x(r.p99)]);
    table(rrows, line);
  }

  if (result.landing?.skipped) {
    line();
    line("Landing page assets: skipped (--only)");
  } else if (result.landing) {
    const l = result.landing;
    line();
    line(
      `Landing page assets (${l.source === "browser" ? `loaded by Chromium until network idle, ${l.browser.loadMs} ms` : "referenced by the HTML"}; gzip level 9)`,
    );
    const rows = [["asset", "files", "raw KiB", "gzip KiB"]];
    rows.push(["JavaScript", l.js.files, fmt(l.js.rawKiB, 1), fmt(l.js.gzipKiB, 1)]);
    rows.push(["CSS", l.css.files, fmt(l.css.rawKiB, 1), fmt(l.css.gzipKiB, 1)]);
    rows.push(["HTML document", 1, fmt(l.html.rawKiB, 1), fmt(l.html.gzipKiB, 1)]);
    if (l.browser)
      rows.push([
        "(JS referenced by HTML)",
        l.static.js.files,
        fmt(l.static.js.rawKiB, 1),
        fmt(l.static.js.gzipKiB, 1),
      ]);
    table(rows, line);
    if (l.browserError) line(`  note: browser measurement unavailable: ${l.browserError}`);
    if (l.browser?.consoleErrors?.length)
      line(`  console errors on load: ${l.browser.consoleErrors.length} (${l.browser.consoleErrors[0]})`);
    const list = (l.source === "browser" ? l.browser : l.static).js.list;
    for (const f of [...list].sort((a, b) => b.gzip - a.gzip)) {
      line(
        `    ${(f.gzip / 1024).toFixed(1).padStart(6)} KiB gz  ${(f.raw / 1024).toFixed(1).padStart(6)} KiB  ${new URL(f.url).pathname}`,
      );
    }
    if (l.brokenAssets?.length)
      line(`  broken JS/CSS: ${l.brokenAssets.length} (${l.brokenAssets.slice(0, 3).join(", ")})`);
    if (l.browser?.failedRequests?.length)
      line(`  failed requests: ${l.browser.failedRequests.map((r) => `${r.status} ${r.url}`).join(", ")}`);
  }

  const mw = result.mainWorker;
  if (mw && !mw.skipped) {
    line();
    if (mw.error) line(`Main Worker bundle: not measured: ${mw.error}`);
    else {
      line(
        `Main Worker bundle (wrangler deploy --dry-run, gzip level 9, source maps left out): ${fmt(mw.gzipKiB, 1)} KiB gzip, ` +
          `${fmt(mw.rawKiB, 1)} KiB raw, ${mw.files} file(s)`,
      );
      line("  top modules (each gzipped alone, so they add up to more than the total):");
      for (const m of mw.top) line(`    ${fmt(m.gzipKiB, 1).padStart(6)} KiB gz  ${fmt(m.rawKiB, 1).padStart(6)} KiB  ${m.module}`);
      line("  by package or app folder:");
      for (const p of mw.packages.slice(0, 15))
        line(`    ${fmt(p.gzipKiB, 1).padStart(6)} KiB gz  ${fmt(p.rawKiB, 1).padStart(6)} KiB  ${p.package} (${p.modules})`);
    }
  }

  const meter = result.meter;
  if (meter) {
    line();
    if (meter.skipped) line(`Usage meter: skipped (${skippedBy("meter")})`);
    else if (meter.error) line(`Usage meter: failed: ${meter.error}`);
    else {
      line(
        `Usage meter: GET /reserve?users=N on tests/bench/meter (the real UsageMeter Durable Object), one reserve + commit per request, users round-robin; ${o.connections} connections, ${o.warmup} s warmup + ${o.duration} s measured`,
      );
      const rows = [
        [
          "users",
          "reservations/s",
          "p50 ms",
          "p90 ms",
          "p99 ms",
          "max ms",
          "errors",
          "non-2xx",
          "vs baseline /api/health",
        ],
      ];
      for (const [n, r] of Object.entries(meter.runs)) {
        rows.push([
          n,
          fmt(r.reservationsPerSecond, 0),
          fmt(r.latencyMs.p50),
          fmt(r.latencyMs.p90),
          fmt(r.latencyMs.p99),
          fmt(r.latencyMs.max),
          r.errors,
          r.non2xx,
          x(r.ratioToBaselineApi),
        ]);
      }
      table(rows, line, 0);
      if (meter.baselineApiRps) line(`  baseline GET /api/health in this run: ${fmt(meter.baselineApiRps, 0)} req/s`);
    }
  }

  const sse = result.sse;
  if (sse) {
    line();
    if (sse.skipped) line(`SSE fan-out: skipped (${skippedBy("sse")})`);
    else if (sse.error) line(`SSE fan-out: failed: ${sse.error}`);
    else {
      line(
        `SSE fan-out: GET /api/usage/stream, N streams of one user, ${sse.events} plan changes each via the signed Stripe webhook; latency = webhook POST sent -> new plan frame on each stream`,
      );
      const rows = [
        ["streams", "p50 ms", "p90 ms", "p99 ms", "max ms", "webhook p50 ms", "received", "missed", "dropped"],
      ];
      for (const [n, r] of Object.entries(sse.runs)) {
        rows.push([
          n,
          fmt(r.fanoutMs.p50),
          fmt(r.fanoutMs.p90),
          fmt(r.fanoutMs.p99),
          fmt(r.fanoutMs.max),
          fmt(r.webhookMs.p50),
          `${r.received}/${r.expected}`,
          r.missed,
          r.droppedStreams ?? 0,
        ]);
      }
      table(rows, line, 0);
    }
  }

  const chat = result.chat;
  if (chat) {
    line();
    if (chat.skipped) line(`Chat TTFT: skipped (${skippedBy("chat")})`);
    else {
      if (chat.error) line(`Chat TTFT: failed: ${chat.error}`);
      else {
        const pr = chat.provider;
        line(
          `Chat TTFT: ${pr.kind}; fake answers ${pr.firstTokenDelayMs} ms to first token, ${pr.chunks} chunks ${pr.chunkIntervalMs} ms apart. ` +
            `${chat.questions} questions per mode, each in a new chat, over ${chat.users} paid users. ` +
            "direct = POST /v1/chat/completions to the fake -> first content chunk; product = POST /api/chats/{id}/messages -> first delta event",
        );
        const rows = [
          ["mode", "side", "n", "TTFT p50", "p90", "p99", "max", "done p50", "done p99", "headers p50", "errors"],
        ];
        for (const [mode, r] of Object.entries(chat.runs)) {
          if (mode === "resumed") continue;
          for (const side of ["direct", "product"]) {
            const s = r[side];
            rows.push([
              `${mode} (${r.concurrency} at a time)`,
              side,
              s.count,
              fmt(s.ttftMs.p50),
              fmt(s.ttftMs.p90),
              fmt(s.ttftMs.p99),
              fmt(s.ttftMs.max),
              fmt(s.doneMs.p50),
              fmt(s.doneMs.p99),
              fmt(s.headersMs.p50),
              s.errors,
            ]);
          }
        }
        table(rows, line, 2);
        line();
        const orows = [["overhead ms (product - direct)", "TTFT p50", "TTFT p99", "done p50", "done p99"]];
        for (const [mode, r] of Object.entries(chat.runs)) {
          if (mode === "resumed") continue;
          orows.push([
            mode,
            fmt(r.overheadMs.p50),
            fmt(r.overheadMs.p99),
            fmt(r.doneOverheadMs.p50),
            fmt(r.doneOverheadMs.p99),
          ]);
        }
        table(orows, line);
        const rs = chat.runs.resumed;
        if (rs) {
          line(
            `  resumed stream (GET /api/chats/{id}/stream?from=N right after the first delta): ${rs.count} streams, ` +
              `first event p50 ${fmt(rs.resumeFirstEventMs.p50)} ms, p99 ${fmt(rs.resumeFirstEventMs.p99)} ms, headers p50 ${fmt(rs.resumeHeadersMs.p50)} ms; errors ${rs.errors}`,
          );
        }
      }
      const a = chat.analyst;
      if (a?.error) line(`  offline analyst (product as started, no AI vars): failed: ${a.error}`);
      else if (a) {
        line(
          `  offline analyst (product as started, no AI vars; information): ${a.count} questions, TTFT p50 ${fmt(a.ttftMs.p50)} ms, ` +
            `max ${fmt(a.ttftMs.max)} ms; done p50 ${fmt(a.doneMs.p50)} ms; errors ${a.errors}`,
        );
      }
    }
  }

  const retrieval = result.retrieval;
  if (retrieval) {
    line();
    if (retrieval.skipped) line(`Knowledge-base retrieval: skipped (${skippedBy("retrieval")})`);
    else if (retrieval.error) line(`Knowledge-base retrieval: failed: ${retrieval.error}`);
    else {
      const r = retrieval;
      line(
        `Knowledge-base retrieval: ${r.files} files of tests/fixtures/knowledge-base uploaded to a project (${r.passages ?? "?"} passages, ` +
          `${fmt(r.uploadMs / 1000, 1)} s), its ${r.questions} questions asked through GET /api/projects/{id}/passages?limit=${r.top}; ` +
          "a hit = the answer's file and text in one of the top passages",
      );
      line(`  knowledge-base retrieval top-${r.top} hit rate: ${r.hits}/${r.questions} (${Math.round(r.hitRate * 100)}%)`);
      line(`  search latency: median ${fmt(r.searchMs.p50, 1)} ms, p90 ${fmt(r.searchMs.p90, 1)} ms, max ${fmt(r.searchMs.max, 1)} ms`);
      for (const m of r.misses) {
        line(`  miss: "${m.q}" (want ${m.file}: "${m.answer}")`);
        for (const got of m.got) line(`      got ${got}`);
      }
    }
  }

  const lh = result.lighthouse;
  if (lh) {
    line();
    if (lh.skipped) line(`Lighthouse: skipped (${skippedBy("lighthouse")})`);
    else if (lh.error) line(`Lighthouse: failed: ${lh.error}`);
    else {
      line(`Lighthouse ${lh.lighthouseVersion} (${lh.formFactor}, ${Math.round(lh.ms / 1000)} s) on ${lh.finalUrl}`);
      table(
        [
          [...CATEGORIES, "FCP ms", "LCP ms", "TBT ms", "CLS", "SI ms"],
          [
            ...CATEGORIES.map((c) => lh.scores[c] ?? "n/a"),
            lh.metrics.fcpMs,
            lh.metrics.lcpMs,
            lh.metrics.tbtMs,
            lh.metrics.cls,
            lh.metrics.speedIndexMs,
          ],
        ],
        line,
        0,
      );
      for (const cat of CATEGORIES) {
        for (const a of lh.failing[cat] ?? []) {
          line(
            `  ${cat}: ${a.id} — ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""} [score ${round(a.score, 2)}, weight ${a.weight}]`,
          );
          // Metric audits have no items; the others say which element or URL to fix.
          for (const item of a.items ?? []) line(`      · ${item.replace(/\s+/g, " ")}`);
        }
      }
    }
  }

  const dp = result.droppage;
  if (dp) {
    line();
    if (dp.skipped) line(`Drop page throughput: skipped (${o.only && !o.only.includes("droppage") ? "--only" : "--no-droppage"})`);
    else if (dp.error) line(`Drop page throughput: failed: ${dp.error}`);
    else {
      line(
        `Drop page throughput: ${dp.page.path} (${dp.page.htmlBytes} B of HTML) vs the static file ${dp.static.path} (${dp.static.bytes} B) on the same wrangler dev; ` +
          `${dp.connections} connections, ${dp.warmupS} s warmup + ${dp.durationS} s per target in ${dp.rounds} interleaved rounds, keep-alive`,
      );
      // The trivial Worker is compared with the static file of its own wrangler dev, the rest with the product's.
      const vsStatic = (name, r) => {
        const s = name === "floor-worker" ? dp.runs["floor-static"] : dp.runs.static;
        return s?.rps ? r.rps / s.rps : null;
      };
      const rows = [["target", "req/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors", "unexpected", "vs static"]];
      for (const [name, r] of Object.entries(dp.runs)) {
        rows.push([
          r.what,
          fmt(r.rps, 0),
          fmt(r.latencyMs.p50),
          fmt(r.latencyMs.p90),
          fmt(r.latencyMs.p99),
          fmt(r.latencyMs.max),
          r.errors,
          r.unexpected,
          name === "static" || name === "floor-static" ? "" : x(vsStatic(name, r)),
        ]);
      }
      table(rows, line, 1);
      line(
        `  drop page / static: throughput ${x(dp.ratio)}, p50 latency ${x(dp.p50Ratio)}, p99 latency ${x(dp.p99Ratio)}; ` +
          `views counted ${dp.views.counted ?? "n/a"} of ${dp.views.sent} counted requests sent`,
      );
      line(
        `  diagnosis: a Worker that does nothing: ${x(dp.diagnosis.trivialWorkerRatio ?? null)} (tests/bench/floor, its own wrangler dev, vs its static file); ` +
          `our Worker's 405: ${x(dp.diagnosis.workerFloorRatio)}; the drop page without the view count: ${x(dp.diagnosis.uncountedRatio)}`,
      );
    }
  }

  const dl = result.droppageLighthouse;
  if (dl) {
    line();
    if (dl.skipped) line(`Lighthouse on the drop page: skipped (${skippedBy("lighthouse")})`);
    else if (dl.error) line(`Lighthouse on the drop page: failed: ${dl.error}`);
    else {
      line(
        `Lighthouse on the drop page ${dl.url} (median of ${dl.runsPerFormFactor ?? 1} run(s) per form factor; images ${Object.entries(dl.images ?? {})
          .map(([p, f]) => `${p} ${f.type} ${f.bytes} B`)
          .join(", ")} from the local HTTPS server)`,
      );
      const rows = [["form factor", ...CATEGORIES, "FCP ms", "LCP ms", "TBT ms", "CLS", "SI ms", "s"]];
      for (const formFactor of ["mobile", "desktop"]) {
        const r = dl[formFactor];
        if (!r || r.error) {
          rows.push([formFactor, ...CATEGORIES.map(() => "n/a"), "", "", "", "", "", ""]);
          continue;
        }
        rows.push([
          formFactor,
          ...CATEGORIES.map((c) => r.scores[c] ?? "n/a"),
          r.metrics.fcpMs,
          r.metrics.lcpMs,
          r.metrics.tbtMs,
          r.metrics.cls,
          r.metrics.speedIndexMs,
          Math.round(r.ms / 1000),
        ]);
      }
      table(rows, line, 1);
      for (const formFactor of ["mobile", "desktop"]) {
        const r = dl[formFactor];
        if (r?.error) line(`  ${formFactor}: failed: ${r.error}`);
        for (const cat of r?.error ? [] : CATEGORIES) {
          for (const a of r?.failing?.[cat] ?? []) {
            line(
              `  ${formFactor} ${cat}: ${a.id} — ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""} [score ${round(a.score, 2)}, weight ${a.weight}]`,
            );
            for (const item of a.items ?? []) line(`      · ${item.replace(/\s+/g, " ")}`);
          }
        }
        for (const w of r?.runWarnings ?? []) line(`  ${formFactor} warning: ${w}`);
        if (r?.allRuns?.length > 1) {
          line(
            `  ${formFactor} runs (median performance reported): ` +
              r.allRuns
                .map((run) => `perf ${run.scores.performance} (TBT ${run.metrics.tbtMs} ms, LCP ${run.metrics.lcpMs} ms, CPU ${Math.round(run.benchmarkIndex ?? 0)})`)
                .join("; "),
          );
        }
      }
      line(`  image requests served: ${(dl.imageRequests ?? []).length} (${[...new Set(dl.imageRequests ?? [])].join("; ")})`);
    }
  }

  const im = result.images;
  if (im) {
    line();
    if (im.skipped) line(`Image rendering: skipped (${skippedBy("images")})`);
    else if (im.error) line(`Image rendering: failed: ${im.error}`);
    else {
      line(
        `Image rendering: POST /api/marketing-visuals, studio template with a ${im.photo.width}×${im.photo.height} PNG photo (${fmt(im.photo.bytes / 1024, 0)} KiB), ` +
          `one preset per request, ${im.samples} per size after ${im.warmups} warmups, one at a time, each followed by GET /api/health; ` +
          "a visual = the full PNG and its 480 px thumbnail rendered by the images Worker, both stored",
      );
      const rows = [["size", "per visual (full + thumbnail) p50 ms", "p99 ms", "max ms", "/api/health p50", "p99", "ratio p50", "ratio p99", "errors"]];
      for (const [label, r] of Object.entries(im.sizes)) {
        rows.push([
          `${label} (${r.preset})`,
          fmt(r.visualMs.p50, 1),
          fmt(r.visualMs.p99, 1),
          fmt(r.visualMs.max, 1),
          fmt(r.healthMs.p50, 1),
          fmt(r.healthMs.p99, 1),
          x(r.p50Ratio),
          x(r.p99Ratio),
          r.errors,
        ]);
      }
      table(rows, line, 1);
      for (const [label, r] of Object.entries(im.preview ?? {})) {
        line(
          `  preview (POST /api/images/preview, ${r.width}×${r.height} watermarked, not stored) of the ${label}: p50 ${fmt(r.ms.p50, 1)} ms, p99 ${fmt(r.ms.p99, 1)} ms over ${r.ms.n}; errors ${r.errors}`,
        );
      }
      const rd = im.renderer;
      if (rd?.error) line(`  renderer alone: not measured (${rd.error})`);
      else if (rd) {
        for (const [label, r] of Object.entries(rd.sizes)) {
          line(
            `  renderer alone, full PNG ${label} (compositor SVG ${fmt(r.svgKiB, 0)} KiB -> POST /render, images Worker bundle in its own Miniflare): ` +
              `x-render-ms p50 ${fmt(r.renderMsHeader.p50, 0)}, p99 ${fmt(r.renderMsHeader.p99, 0)}; wall p50 ${fmt(r.wallMs.p50, 1)} ms, p99 ${fmt(r.wallMs.p99, 1)} ms over ${r.wallMs.n}`,
          );
        }
      }
      const bd = im.bundle;
      line();
      const brows = [["bundle (gzip level 9)", "modules", "raw KiB", "gzip KiB"]];
      for (const [kind, what] of [
        ["js", "images Worker JS"],
        ["wasm", "images Worker wasm"],
        ["fonts", "images Worker fonts"],
        ["total", "images Worker total"],
      ]) {
        brows.push([what, bd[kind].files, fmt(bd[kind].rawKiB, 1), fmt(bd[kind].gzipKiB, 1)]);
      }
      if (bd.main && !bd.main.error) brows.push(["main Worker (wrangler deploy --dry-run)", bd.main.files, fmt(bd.main.rawKiB, 1), fmt(bd.main.gzipKiB, 1)]);
      table(brows, line, 1);
      for (const f of bd.wasm.list) line(`    ${(f.gzip / 1024).toFixed(1).padStart(7)} KiB gz  ${(f.raw / 1024).toFixed(1).padStart(7)} KiB  ${f.path}`);
      if (bd.main?.error) line(`  main Worker bundle: not measured (${bd.main.error})`);
    }
  }

  const sk = result.soak;
  // Not among the default sections, so a run without it says nothing about it.
  if (sk && !sk.skipped) {
    line();
    if (sk.error) line(`Soak: failed: ${sk.error}`);
    else {
      line(
        `Soak: ${sk.minutes} min (${sk.ranS} s) of steady open-loop traffic, ${sk.users} paid users, ` +
          `${Object.entries(sk.rates).map(([k, r]) => `${k} ${r}/s`).join(", ")}; ${sk.requests} requests, ${sk.errors} errors; drift = last N minutes' p50 / first N minutes' p50`,
      );
      const rows = [["kind", "requests", "errors", "p50 ms", "p90 ms", "p99 ms", "max ms", "first p50", "last p50", "drift p50", "drift p99", "slope ms/min", "vs health"]];
      for (const [kind, k] of Object.entries(sk.kinds)) {
        const d = k.drift;
        rows.push([kind, k.requests, k.errors, fmt(k.latencyMs.p50), fmt(k.latencyMs.p90), fmt(k.latencyMs.p99), fmt(k.latencyMs.max), fmt(d.firstP50), fmt(d.lastP50), x(d.p50Ratio), x(d.p99Ratio), fmt(d.p50SlopeMsPerMinute, 3), x(d.p50RatioOverHealth ?? null)]);
      }
      table(rows, line, 1);
      if (sk.kinds.chat) line(`  chat: time to first delta p50 ${fmt(sk.kinds.chat.ttftMs.p50)} ms, p99 ${fmt(sk.kinds.chat.ttftMs.p99)} ms; latency above is to the done event`);
      line("  p50 / p99 ms per minute:");
      const kinds = Object.keys(sk.kinds);
      const mrows = [["minute", ...kinds]];
      const minutes = sk.kinds[kinds[0]]?.perMinute.length ?? 0;
      for (let m = 0; m < minutes; m += 1) {
        mrows.push([m + 1, ...kinds.map((kind) => {
          const pm = sk.kinds[kind].perMinute[m];
          return `${fmt(pm.p50, 1)} / ${fmt(pm.p99, 1)}${pm.errors ? ` (${pm.errors} err)` : ""}`;
        })]);
      }
      table(mrows, line, 1);
      const mem = sk.memory;
      line(
        `  Worker memory (workerd running the Workers, VmRSS): ${fmt(mem.workerRssMiB.start, 1)} MiB at the start, ${fmt(mem.workerRssMiB.end, 1)} MiB at the end ` +
          `(${mem.workerRssMiB.growth >= 0 ? "+" : ""}${fmt(mem.workerRssMiB.growth, 1)} MiB), peak ${fmt(mem.workerPeakMiB, 1)} MiB; per minute: ` +
          mem.samples.map((s) => fmt(s.processes.find((p) => p.role === "worker")?.rssMiB, 0)).join(" "),
      );
      const bad = sk.ledger.filter((l) => l.queriesCounted !== l.questionsAnswered || l.aiAdvisorCounted !== l.reportsDone || l.reportsNotDone.length);
      const sum = (key) => sk.ledger.reduce((n, l) => n + (l[key] ?? 0), 0);
      line(
        `  usage ledger: ${sum("questionsAnswered")} charged answers (${sum("answersNotCharged")} more the product said it did not charge), ${sum("queriesCounted")} queries counted; ` +
          `${sum("reportsDone")}/${sum("reportsStarted")} reports written, ${sum("aiAdvisorCounted")} aiAdvisor counted${bad.length ? `; ${bad.length} user(s) off` : ""}. ` +
          `Drop page views: ${sk.dropPageViews.counted ?? "n/a"} counted of ${sk.dropPageViews.sent} sent`,
      );
      if (sk.serverGone) {
        line(`  the Worker's workerd was gone at ${sk.serverGone.atS} s (wrangler dev ${sk.serverGone.wranglerAlive ? "still running" : "exited too"}); every request after that failed`);
      }
      if (sk.resentGets) line(`  ${sk.resentGets} GET(s) sent again after a reset on a reused keep-alive connection (not counted as errors)`);
    }
  }

  line();
  line("Budgets (tests/bench/budgets.json)");
  for (const c of checks) {
    const tag = { pass: "PASS", warn: "WARN", fail: "FAIL", skip: "SKIP" }[c.status];
    line(`  ${tag}  ${c.name}: ${c.actual ?? "n/a"} (budget ${c.limit})${c.note ? ` — ${c.note}` : ""}`);
  }
  line();
  line(`Total ${round(result.totalMs / 1000, 1)} s. Report: ${result.reportFile ?? "(not written)"}`);
  return out.join("\n");
}

/** Writes reports/bench-<timestamp>.json and reports/bench-latest.json; returns the first path. */
export function writeReport(root, result) {
  const dir = path.join(root, "reports");
  mkdirSync(dir, { recursive: true });
  const stamp = result.startedAt.replace(/[:.]/g, "-");
  const file = path.join(dir, `bench-${stamp}.json`);
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(path.join(dir, "bench-latest.json"), json);
  return path.relative(root, file);
}

function table(rows, line, leftColumns = 1) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? "").length)));
  rows.forEach((r, idx) => {
    const cells = r.map((c, i) =>
      i < leftColumns ? String(c ?? "").padEnd(widths[i]) : String(c ?? "").padStart(widths[i]),
    );
    line(`  ${cells.join("  ")}`);
    if (idx === 0) line(`  ${widths.map((w) => "-".repeat(w)).join("  ")}`);
  });
}

function fmt(v, digits = 2) {
  return v === null || v === undefined ? "n/a" : Number(v).toFixed(digits);
}

function x(v) {
  return v === null || v === undefined ? "n/a" : `${v.toFixed(2)}x`;
}
