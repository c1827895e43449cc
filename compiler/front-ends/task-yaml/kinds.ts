// The three kinds of data-processing pack file and where each keeps its document.
export const DATA_PROCESSING_KINDS = ["DataProcessingTask", "DataProcessingBinding", "ProcessorRoute"] as const;

export type DataProcessingKind = (typeof DATA_PROCESSING_KINDS)[number];

/** The member of the file that holds the document: `task:`, `binding:` or `route:`. */
export const MEMBER: Readonly<Record<DataProcessingKind, "task" | "binding" | "route">> = {
  DataProcessingTask: "task",
  DataProcessingBinding: "binding",
  ProcessorRoute: "route",
};

export function isDataProcessingKind(value: unknown): value is DataProcessingKind {
  return typeof value === "string" && (DATA_PROCESSING_KINDS as readonly string[]).includes(value);
}
