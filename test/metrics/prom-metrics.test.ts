// The prom-client implementation of ServiceMetrics (issue 19.6), without HTTP: what each call
// becomes in the exposition, and one registry per instance.
import { expect } from "chai";
import { createPromMetrics } from "../../runtime/metrics/prom-metrics.js";
import { executionOutcome, noMetrics } from "../../runtime/metrics/service-metrics.js";
import { openStore } from "../../runtime/store/open-store.js";
import { parsePrometheusText, valueOf } from "../helpers/prometheus-text.js";

describe("prom-client metrics (issue 19.6)", () => {
  it("issue 19.6: each event becomes its series, in seconds; two instances in one process count apart", async () => {
    let now = 1000;
    const one = createPromMetrics({ now: () => now, processMetrics: false });
    const two = createPromMetrics({ now: () => now }); // would throw on prom-client's global registry (name taken)
    const elapsed = one.stopwatch();
    now += 250;
    one.executionFinished("interval", "failure", elapsed());
    one.suppressed("cooldown");
    one.tickLag(25);
    one.tickLag(-3);
    one.historyBatch(40, 0.012);
    one.historyDropped(7);
    one.reloaded("partial", 2, 0.004);
    one.httpRequest("GET", "/api/rules/{id}", 404, 0.002);
    const families = parsePrometheusText(await one.text());
    expect(valueOf(families, "svc_rule_executions_total", { trigger: "interval", outcome: "failure" })).to.equal(1);
    expect(valueOf(families, "svc_rule_execution_duration_seconds_sum", { trigger: "interval" })).to.equal(0.25);
    expect(valueOf(families, "svc_scheduler_suppressions_total", { kind: "cooldown" })).to.equal(1);
    expect(valueOf(families, "svc_scheduler_tick_lag_seconds_bucket", { le: "0.02" }), "25 ms is above the 20 ms bucket").to.equal(1);
    expect(valueOf(families, "svc_scheduler_tick_lag_seconds_bucket", { le: "0.05" })).to.equal(2);
    expect(valueOf(families, "svc_scheduler_tick_lag_seconds_sum")).to.equal(0.025);
    expect(valueOf(families, "svc_history_batch_size_sum")).to.equal(40);
    expect(valueOf(families, "svc_history_write_duration_seconds_count")).to.equal(1);
    expect(valueOf(families, "svc_history_dropped_total")).to.equal(7);
    expect(valueOf(families, "svc_reload_duration_seconds_count", { kind: "partial" })).to.equal(1);
    expect(valueOf(families, "svc_reload_rules_total", { kind: "partial" })).to.equal(2);
    expect(valueOf(families, "svc_http_request_duration_seconds_count", { method: "GET", route: "/api/rules/{id}", status: "404" })).to.equal(1);
    expect(families.has("process_cpu_user_seconds_total"), "process metrics off").to.equal(false);
    expect(families.has("svc_scheduler_queued"), "a gauge without a source is absent, not a false 0").to.equal(false);

    const other = parsePrometheusText(await two.text());
    expect(valueOf(other, "svc_rule_executions_total", { trigger: "interval", outcome: "failure" })).to.equal(0);
    expect(other.has("process_cpu_user_seconds_total")).to.equal(true);
  });

  it("issue 19.6: the gauges read their sources on each scrape; the store's pool is read without I/O", async () => {
    const store = await openStore("sqlite::memory:");
    try {
      const metrics = createPromMetrics({ processMetrics: false });
      let queued = 4;
      metrics.observe({ status: () => ({ queued, inFlight: 2, enabledRules: 5, totalRules: 9 }), pool: () => store.poolUse!() });
      metrics.observe({ historyPending: () => 11 }); // added later: the others stay
      let families = parsePrometheusText(await metrics.text());
      expect(valueOf(families, "svc_scheduler_queued")).to.equal(4);
      expect(valueOf(families, "svc_scheduler_in_flight")).to.equal(2);
      expect(valueOf(families, "svc_rules_enabled")).to.equal(5);
      expect(valueOf(families, "svc_rules_total")).to.equal(9);
      expect(valueOf(families, "svc_history_pending")).to.equal(11);
      expect(valueOf(families, "svc_store_pool_max")).to.equal(1);
      expect((valueOf(families, "svc_store_pool_used") ?? -1) + (valueOf(families, "svc_store_pool_free") ?? -1)).to.be.within(0, 1);
      queued = 0;
      families = parsePrometheusText(await metrics.text());
      expect(valueOf(families, "svc_scheduler_queued")).to.equal(0);
    } finally {
      await store.close();
    }
    expect(store.poolUse!(), "after close: an empty pool, no error").to.deep.include({ used: 0, pendingAcquires: 0 });
  });

  it("issue 19.6: an execution counts as short_circuit when an unavailable input stopped it, else by its success; noMetrics times nothing", () => {
    expect(executionOutcome({ success: true, shortCircuited: false })).to.equal("success");
    expect(executionOutcome({ success: false, shortCircuited: false })).to.equal("failure");
    expect(executionOutcome({ success: false, shortCircuited: true })).to.equal("short_circuit");
    expect(noMetrics.stopwatch()()).to.equal(0);
  });
});
