// The benchmark's scenario: one virtual day of the demo pack at the 100 ms tick. Every point a
// rule reads starts with a value, so every rule really executes; the day then moves them: zone
// temperatures swing every 10 minutes, occupancy flips a few times, the duct pressure wanders
// every minute, the energy meter climbs (with a peak hour), the server room overheats once and is
// acknowledged. Written as a scenario file, so the benchmark parses what users write.

const MINUTE = 60_000;

/** `rules`: every rule of the pack, by name. */
export function demoDayScenario(rules: readonly string[]): string {
  const lines = [
    "scenarios:",
    "  - name: one day of the demo pack",
    "    start: 2026-01-05T00:00:00Z",
    "    duration: 1d",
    "    tick: 100ms",
    `    rules: [${rules.map((r) => JSON.stringify(r)).join(", ")}]`,
    "    initial:",
    ...Object.entries(INITIAL).map(([point, value]) => `      ${point}: ${value}`),
    "    steps:",
  ];
  let energy = 1000;
  for (let minute = 1; minute < 24 * 60; minute++) {
    const set: Record<string, number> = {};
    // Wandering duct pressure: past the 2% value deadband most minutes.
    set["ahu2.duct_static_pressure"] = 250 + Math.round(30 * Math.sin(minute / 7));
    // 400 kW most of the day, 520 kW from 14:00 to 15:00 (the peak-demand shedding fires).
    energy += (minute >= 14 * 60 && minute < 15 * 60 ? 520 : 400) / 60;
    set["main_meter.imported_energy"] = Math.round(energy * 100) / 100;
    if (minute % 10 === 0) {
      set["zone1.room_temp"] = round1(23 + 2.5 * Math.sin(minute / 90));
      set["zone2.room_temp"] = round1(20.5 + 1.5 * Math.sin(minute / 120));
      set["ahu1.mixed_air_temp"] = round1(10 + 6 * Math.sin(minute / 200));
      set["weather.outdoor_temp"] = round1(8 + 6 * Math.sin(minute / 230));
      set["chw_plant.cooling_demand"] = Math.round(45 + 40 * Math.sin(minute / 230));
    }
    if (minute % 240 === 0) {
      set["zone1.occupancy"] = (minute / 240) % 2;
      set["zone2.occupancy"] = ((minute / 240) + 1) % 2;
    }
    if (minute === 15 * 60) set["server_room.room_temp"] = 30;
    if (minute === 16 * 60) set["server_room.room_temp"] = 25;
    if (minute === 17 * 60) set["alarms.acknowledge"] = 1;
    if (minute === 17 * 60 + 1) set["alarms.acknowledge"] = 0;
    lines.push(`      - at: ${minute}m`, `        set: { ${Object.entries(set).map(([p, v]) => `${p}: ${v}`).join(", ")} }`);
  }
  return `${lines.join("\n")}\n`;
}

/** Minutes of virtual time in the scenario, for the report. */
export const DAY_MS = 24 * 60 * MINUTE;

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}


const INITIAL: Record<string, number> = {
  "weather.outdoor_temp": 8,
  "ahu1.mixed_air_temp": 12,
  "ahu1.supply_air_temp": 18,
  "ahu1.filter_dp": 150,
  "ahu1.fan_status": 1,
  "zone1.room_temp": 23,
  "zone1.occupancy": 0,
  "zone2.room_temp": 20.5,
  "zone2.occupancy": 1,
  "zone2.setpoint": 21,
  "server_room.room_temp": 25,
  "ahu2.duct_static_pressure": 250,
  "chw_pump1.run_hours": 12000,
  "chw_pump2.run_hours": 12001,
  "chw_plant.cooling_demand": 45,
  "main_meter.imported_energy": 1000,
  "main_meter.active_power": 350,
  "alarms.acknowledge": 0,
  "boiler.fault": 0,
};
