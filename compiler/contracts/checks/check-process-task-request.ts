// Semantic rules of the application request (svc.data-processing.process-task-request.v1):
// as_of is a real UTC time; with the task, the request names it and the revision the caller
// expects (a mismatch fails closed), and the options fit it.
import type { ProcessTaskRequest } from "../../../generated/types.js";
import type { SemanticCheck } from "../contract-context.js";
import { checkForecastOptions } from "./check-forecast-options.js";
import { parseTimeAt } from "./frame/frame-times.js";

export const checkProcessTaskRequest: SemanticCheck<ProcessTaskRequest> = (request, context, report) => {
  const task = context.task;
  report.stages(
    () => void parseTimeAt(request.as_of, () => "/as_of", report),
    () => {
      if (task === undefined) return;
      if (request.task_id !== task.id) report.error("request/task-mismatch", "/task_id", `the request is for task '${request.task_id}' but the task given is '${task.id}'`);
      else if (request.expected_task_revision !== task.revision) {
        report.error("request/task-revision-mismatch", "/expected_task_revision", `the caller expects revision ${request.expected_task_revision} of task '${task.id}' but the current revision is ${task.revision}; a mismatch fails closed`);
      }
    },
    () => checkForecastOptions(request.options, "/options", task, report),
  );
};
