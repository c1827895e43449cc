// A small processor request whose canonical JSON and digest were written out by hand and hashed
// with sha256sum (and checked with Python's json.dumps(sort_keys=True)), not by the code under
// test: a known answer that processor authors in any language can reproduce.

export const KNOWN_CANONICAL =
  '{"artifact":null,"binding":{"id":"plant-7-load","revision":2},"frame":{"as_of":"2025-01-01T00:00:00Z","cadence_seconds":900,' +
  '"history":{"features":{"load":{"quality":["good","missing"],"unit":"kW","value_type":"number","values":[12.5,null]}},' +
  '"timestamps":["2024-12-31T23:45:00Z","2025-01-01T00:00:00Z"]},"provenance":[{"feature":"load","segment":"history",' +
  '"source_kind":"history","source_ref":"point:site-load","watermark":"2024-12-31T23:45:00Z"}],"quality":{"input_watermark":' +
  '"2024-12-31T23:45:00Z","live_tail_included":false,"max_gap_seconds":900,"missing_ratio":0.5,"substituted_samples":0},' +
  '"schema":"svc.processing-frame.v1"},"options":{"horizon_steps":4,"kind":"forecast"},"processor_contract":' +
  '"svc.data-processing.forecast.v1","task":{"id":"site-load","kind":"forecast","revision":3}}';

export const KNOWN_DIGEST = "sha256:a28c8bf5063965f063528be75fddb78871b1998cfbc8260cfe5d8f7de75b9b85";

/** The known request, written the way a person would (keys in reading order, indented). */
export function knownRequest(): Record<string, unknown> {
  return {
    schema: "svc.data-processing.request.v1",
    request_id: "req-1",
    submitted_at: "2025-01-01T00:00:00Z",
    deadline: "2025-01-01T00:00:30Z",
    task: { id: "site-load", revision: 3, kind: "forecast" },
    binding: { id: "plant-7-load", revision: 2 },
    processor_contract: "svc.data-processing.forecast.v1",
    frame: {
      schema: "svc.processing-frame.v1",
      as_of: "2025-01-01T00:00:00Z",
      cadence_seconds: 900,
      history: {
        timestamps: ["2024-12-31T23:45:00Z", "2025-01-01T00:00:00Z"],
        features: { load: { value_type: "number", unit: "kW", values: [12.5, null], quality: ["good", "missing"] } },
      },
      quality: { input_watermark: "2024-12-31T23:45:00Z", missing_ratio: 0.5, max_gap_seconds: 900, live_tail_included: false, substituted_samples: 0 },
      provenance: [{ segment: "history", feature: "load", source_kind: "history", source_ref: "point:site-load", watermark: "2024-12-31T23:45:00Z" }],
    },
    options: { kind: "forecast", horizon_steps: 4 },
    input_digest: KNOWN_DIGEST,
  };
}

/** A request with a history of `steps` timestamps and `features` numeric series (the benchmark's 672 x 10). */
export function largeRequest(steps: number, features: number): Record<string, unknown> {
  const start = Date.UTC(2025, 0, 1);
  const timestamps = Array.from({ length: steps }, (_, i) => new Date(start + i * 900_000).toISOString().replace(".000Z", "Z"));
  const series: Record<string, unknown> = {};
  for (let f = 0; f < features; f++) {
    series[`feature_${f}`] = {
      value_type: "number",
      unit: "kW",
      values: timestamps.map((_, i) => Math.round(Math.sin(i + f) * 1e6) / 1e3),
      quality: timestamps.map(() => "good"),
    };
  }
  const request = knownRequest();
  const frame = request.frame as Record<string, unknown>;
  return { ...request, frame: { ...frame, as_of: timestamps[steps - 1], history: { timestamps, features: series } } };
}
