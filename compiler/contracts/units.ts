// The canonical units a data-processing task may declare (spec: "Units explicit for numeric
// features and outputs; the task picks the canonical unit"). The runtime converts nothing, so a
// unit is an exact, case-sensitive name that source metadata must already carry: `kW` and `kw`
// are different strings, and only `kW` is known. The catalogue is small on purpose; a new unit is
// one line here (and one row in docs/data-processing.md). Pure.
import { closestName } from "../../generated/index.js";

export interface UnitInfo {
  /** The exact spelling tasks, bindings and site points use. */
  unit: string;
  /** What it measures, for the documentation and messages. */
  quantity: string;
}

export const UNITS: readonly UnitInfo[] = [
  { unit: "W", quantity: "power" },
  { unit: "kW", quantity: "power" },
  { unit: "MW", quantity: "power" },
  { unit: "kvar", quantity: "reactive power" },
  { unit: "kVA", quantity: "apparent power" },
  { unit: "Wh", quantity: "energy" },
  { unit: "kWh", quantity: "energy" },
  { unit: "MWh", quantity: "energy" },
  { unit: "V", quantity: "voltage" },
  { unit: "A", quantity: "current" },
  { unit: "Hz", quantity: "frequency" },
  { unit: "degC", quantity: "temperature" },
  { unit: "K", quantity: "temperature (difference)" },
  { unit: "%", quantity: "percentage (relative humidity, valve position, state of charge)" },
  { unit: "Pa", quantity: "pressure" },
  { unit: "kPa", quantity: "pressure" },
  { unit: "bar", quantity: "pressure" },
  { unit: "W/m2", quantity: "irradiance" },
  { unit: "m/s", quantity: "speed (wind)" },
  { unit: "mm", quantity: "precipitation" },
  { unit: "l/s", quantity: "volume flow" },
  { unit: "m3/h", quantity: "volume flow" },
  { unit: "m3", quantity: "volume (gas, water)" },
  { unit: "l", quantity: "volume" },
  { unit: "kg", quantity: "mass" },
  { unit: "kg/h", quantity: "mass flow" },
  { unit: "lx", quantity: "illuminance" },
  { unit: "dB", quantity: "sound level" },
  { unit: "ppm", quantity: "concentration (CO2)" },
  { unit: "s", quantity: "duration" },
  { unit: "h", quantity: "duration (run hours)" },
  { unit: "1", quantity: "dimensionless (calendar features, counts, on/off, ratios)" },
];

const KNOWN = new Set(UNITS.map((u) => u.unit));

// Spellings people write for a known unit that neither case nor edit distance finds.
const ALIASES: Readonly<Record<string, string>> = {
  "°C": "degC",
  "℃": "degC",
  "deg C": "degC",
  celsius: "degC",
  kelvin: "K",
  percent: "%",
  "W/m²": "W/m2",
  "W/m^2": "W/m2",
  "m³/h": "m3/h",
  "m^3/h": "m3/h",
  "m/sec": "m/s",
  sec: "s",
  hr: "h",
  hours: "h",
  "": "1",
  "-": "1",
  none: "1",
  dimensionless: "1",
  count: "1",
};

export function isKnownUnit(unit: string): boolean {
  return KNOWN.has(unit);
}

/** The known unit `unit` was probably meant to be: same letters in another case, an alias, or the nearest name. */
export function suggestUnit(unit: string): string | undefined {
  const folded = UNITS.find((u) => u.unit.toLowerCase() === unit.toLowerCase());
  if (folded !== undefined) return folded.unit;
  const alias = ALIASES[unit] ?? ALIASES[unit.toLowerCase()];
  if (alias !== undefined) return alias;
  return closestName(unit, KNOWN);
}

/**
 * A site model point's unit as a task unit: the site writes `""` for on/off points and counts,
 * where tasks write `1`. Every other unit is compared exactly.
 */
export function siteUnitAsTaskUnit(siteUnit: string): string {
  return siteUnit === "" ? "1" : siteUnit;
}
