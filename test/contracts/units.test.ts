// The unit catalogue and timezone names of task declarations (spec: "Units explicit for numeric
// features and outputs; the task picks the canonical unit ... it performs no conversion").
import { expect } from "chai";
import { checkTimezone } from "../../compiler/contracts/checks/task/timezones.js";
import { isKnownUnit, siteUnitAsTaskUnit, suggestUnit, UNITS } from "../../compiler/contracts/units.js";

describe("units and timezones of task declarations", () => {
  it("units are exact: kW is known, kw is not", () => {
    expect(isKnownUnit("kW")).to.equal(true);
    expect(isKnownUnit("kw")).to.equal(false);
    expect(new Set(UNITS.map((u) => u.unit)).size, "no unit listed twice").to.equal(UNITS.length);
  });

  it("suggests the unit meant: another case, a common spelling, the nearest name", () => {
    expect(["kw", "KWH", "degc", "°C", "W/m²", "m³/h", "hours", "kWk"].map(suggestUnit)).to.deep.equal(["kW", "kWh", "degC", "degC", "W/m2", "m3/h", "h", "kW"]);
    expect(suggestUnit("furlongs")).to.equal(undefined);
  });

  it("a site point's empty unit (on/off, counts) is the task unit 1", () => {
    expect([siteUnitAsTaskUnit(""), siteUnitAsTaskUnit("kW")]).to.deep.equal(["1", "kW"]);
  });

  it("timezones: listed zones, UTC and links in IANA's case pass; other spellings get the exact name", () => {
    for (const zone of ["Europe/Berlin", "UTC", "Asia/Kolkata", "Europe/Kyiv", "Etc/UTC", "America/Argentina/Buenos_Aires"]) expect(checkTimezone(zone), zone).to.deep.equal({ ok: true });
    expect(checkTimezone("europe/berlin")).to.deep.equal({ ok: false, miscased: true, suggestion: "did you mean 'Europe/Berlin'?" });
    expect(checkTimezone("Europe/Berln")).to.deep.equal({ ok: false, miscased: false, suggestion: "did you mean 'Europe/Berlin'?" });
    expect(checkTimezone("+01:00")).to.include({ ok: false });
  });
});
