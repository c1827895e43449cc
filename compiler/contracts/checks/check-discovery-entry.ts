// Semantic rules of a task discovery entry (GET /api/v1/data-processing/tasks): first its own
// consistency, then, when the task declaration is given, agreement with it.
import type { TaskDiscoveryEntry } from "../../../generated/types.js";
import type { SemanticCheck } from "../contract-context.js";
import { checkEntryConsistency } from "./discovery/entry-consistency.js";
import { checkEntryAgainstTask } from "./discovery/entry-vs-task.js";

export const checkDiscoveryEntry: SemanticCheck<TaskDiscoveryEntry> = (entry, context, report) => {
  report.stages(
    () => checkEntryConsistency(entry, report),
    () => {
      if (context.task !== undefined) checkEntryAgainstTask(entry, context.task, report);
    },
  );
};
