// How a point is named in messages: the DSL's own notation, `measurement(7, 1)`.
import type { PointRef } from "./point-table.js";

export function pointRefText(ref: PointRef): string {
  return `${ref.point_type}(${ref.instance}, ${ref.point})`;
}
