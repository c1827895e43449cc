// Rule names are unique (issue 16.20), held by the store's unique index (migration 008) on every
// database, and a database that already holds duplicates is migrated with each rename reported.
import { expect } from "chai";
import { MIGRATIONS, migrationSource } from "../../runtime/store/migrations/index.js";
import { RuleNameTakenError, type Store } from "../../runtime/store/store.js";
import { databaseBackends } from "./backends.js";
import { MINIMAL, T0, T1 } from "./fixtures.js";

for (const [name, backend] of databaseBackends()) {
  describe(`unique rule names on ${name}`, () => {
    let count = 0;
    const stores: Store[] = [];
    const open = async (key: string, notices?: string[]) => {
      const store = await backend.open(key, notices === undefined ? {} : { onNotice: (line) => notices.push(line) });
      stores.push(store);
      return store;
    };
    afterEach(async () => {
      for (const store of stores.splice(0)) await store.close();
    });
    after(() => backend.cleanup());

    it("issue 16.20: the store refuses a second rule of one name on create, rename and import; names compare exactly", async () => {
      const store = await open(`names${++count}`);
      const boiler = await store.rules.create({ name: "Boiler enable", description: "" }, T0);
      const other = await store.rules.create({ name: "AHU-2", description: "" }, T0);
      const refused = async (write: () => Promise<unknown>) => {
        const error = await write().then(() => undefined, (e: unknown) => e);
        expect(error).to.be.instanceOf(RuleNameTakenError);
        expect((error as RuleNameTakenError).ruleName).to.equal("Boiler enable");
      };
      await refused(() => store.rules.create({ name: "Boiler enable", description: "again" }, T1));
      await refused(() => store.rules.update(other.id, { name: "Boiler enable" }, T1));
      await refused(() => store.rules.importRule({ name: "Boiler enable", description: "", enabled: false, priority: 0, cooldown_ms: 0, trigger_config: null, flow_json: null, nodes_json: MINIMAL.nodes_json }, T1));
      expect((await store.rules.listAll()).map((r) => r.name)).to.deep.equal(["Boiler enable", "AHU-2"]);
      // A rule keeps its own name; other spellings are other names.
      expect(await store.rules.update(boiler.id, { name: "Boiler enable", description: "same" }, T1)).to.include({ name: "Boiler enable" });
      for (const spelling of ["boiler enable", "Boiler enable ", "Boiler  enable"]) await store.rules.create({ name: spelling, description: "" }, T1);
      expect(await store.rules.findByName("Boiler enable")).to.include({ id: boiler.id });
      expect(await store.rules.findByName("nobody")).to.equal(undefined);
    });

    it("issue 16.20: concurrent creates of one name store exactly one rule", async () => {
      const store = await open(`names${++count}`);
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => store.transaction((tx) => tx.rules.create({ name: "Race", description: "" }, T0))));
      expect(results.filter((r) => r.status === "fulfilled")).to.have.length(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).to.be.instanceOf(RuleNameTakenError);
      expect((await store.rules.listAll()).filter((r) => r.name === "Race")).to.have.length(1);
    });

    it("issue 16.20: migration 008 renames the later duplicates of a database, reports every rename and then holds names unique", async () => {
      const key = `names${++count}`;
      await (await open(key)).close();
      stores.splice(0);
      // The database as it was before migration 008, with the duplicates the old service allowed.
      const db = backend.connect(key);
      // Undo the migrations from the newest back to 008, whatever came after it.
      for (let i = MIGRATIONS.length - 1; MIGRATIONS[i]!.name >= "008"; i--) await db.migrate.down({ migrationSource });
      const insert = (rule: string) => db("rules").insert({ name: rule, description: "", created_at: T0.toISOString(), updated_at: T0.toISOString() });
      for (const rule of ["Boiler enable", "AHU-2", "Boiler enable", "Boiler enable (#3)", "Boiler enable"]) await insert(rule);
      const notices: string[] = [];
      const store = await open(key, notices);
      const rules = await store.rules.listAll();
      expect(rules.map((r) => `${r.id} ${r.name}`)).to.deep.equal(["1 Boiler enable", "2 AHU-2", "3 Boiler enable (#3) (#3)", "4 Boiler enable (#3)", "5 Boiler enable (#5)"]);
      expect(notices).to.have.length(2);
      expect(notices[0]).to.contain("rule 3").and.contain('"Boiler enable"').and.contain('"Boiler enable (#3) (#3)"');
      expect(notices[1]).to.contain("rule 5");
      expect(await store.rules.create({ name: "AHU-2", description: "" }, T1).catch((e: unknown) => e)).to.be.instanceOf(RuleNameTakenError);
    });
  });
}
