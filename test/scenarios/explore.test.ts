import { run, scenario } from "./scenario-fixtures.js";
describe("explore", () => {
  it("x", async () => {
    const [o] = await run(scenario(`
initial: { room.temp: 21, plant.demand: 10 }
steps:
  - { at: 30s, set: { room.temp: 18 } }
  - { at: 45s, set: { room.temp: 17 } }
  - { at: 1m, set: { plant.demand: 60 } }
  - { at: 2m, set: { room.temp: 23 } }
  - { at: 3m, channel_down: virtual-2 }
  - { at: 4m, channel_up: virtual-2 }
  - { at: 5m, set: { room.temp: null } }
duration: 6m
`));
    const s = o!.scenario.start;
    for (const x of o!.executions) console.log(x.at - s, x.rule, x.cause.kind, (x.cause as any).path ?? "", x.result?.success, JSON.stringify(x.result?.actions.map(a => [a.value, a.success, a.reason])), x.result?.short_circuit?.variable ?? "");
    for (const x of o!.suppressions) console.log("S", x.at - s, x.rule, x.reason, x.point?.text, x.value);
  });
});
