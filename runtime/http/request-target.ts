// A request target that is not a valid URL (`GET http://[x/`) makes Koa's `ctx.path` throw. It is
// the client's mistake: refused here with a 400, before anything reads the path.
import type { Context, Middleware } from "koa";
import { invalidInput } from "../errors.js";
import type { RequestState } from "./correlation.js";

/** The request's path, or undefined when its target cannot be parsed. */
export function pathOf(ctx: Context): string | undefined {
  try {
    return ctx.path;
  } catch {
    return undefined;
  }
}

export const validRequestTarget: Middleware<RequestState> = async (ctx, next) => {
  if (pathOf(ctx) === undefined) {
    throw invalidInput("the request target is not a valid path", [{ code: "http/invalid-target", severity: "error", message: "send an origin-form target such as /api/rules", path: "/target" }]);
  }
  await next();
};
