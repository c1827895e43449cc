import { expect } from "chai";
import { ConfigError, readServiceConfig } from "../../runtime/service-config.js";

describe("history settings of the service", () => {
  it("issue 19.2: retention and batch delay default to 30 days, 5,000,000 rows and 50 ms, and are read from SVC_HISTORY_*", () => {
    expect(readServiceConfig({})).to.include({ historyMaxAgeDays: 30, historyMaxRows: 5_000_000, historyBatchDelayMs: 50 });
    expect(readServiceConfig({ SVC_HISTORY_MAX_AGE_DAYS: "7", SVC_HISTORY_MAX_ROWS: "0", SVC_HISTORY_BATCH_DELAY_MS: "100" })).to.include({ historyMaxAgeDays: 7, historyMaxRows: 0, historyBatchDelayMs: 100 });
  });

  it("issue 19.2: a bad SVC_HISTORY_* value stops the start with the variable named", () => {
    for (const [name, value] of [["SVC_HISTORY_MAX_AGE_DAYS", "-1"], ["SVC_HISTORY_MAX_ROWS", "lots"], ["SVC_HISTORY_BATCH_DELAY_MS", "60000"]] as const) {
      expect(() => readServiceConfig({ [name]: value }), name).to.throw(ConfigError, name);
    }
  });
});
