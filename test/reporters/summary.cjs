// Mocha's spec reporter, closing with one plain line that CI systems read:
// "mocha: N passed, N failed" (", N skipped" when any test is pending).
"use strict";
const Mocha = require("mocha");

class SpecWithSummary extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      process.stdout.write(`mocha: ${passes} passed, ${failures} failed${pending > 0 ? `, ${pending} skipped` : ""}\n`);
    });
  }
}

module.exports = SpecWithSummary;
