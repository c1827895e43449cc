// A channel driver as the point plane sees it. The virtual protocol is the one driver now; real
// protocols (MQTT first) implement the same interface.
import type { ChannelProtocol } from "../../generated/types.js";

export interface CommandChannel {
  readonly id: string;
  readonly protocol: ChannelProtocol;
  /**
   * Writes `value` to the command slot and notifies the acquisition side, at once. Returns null
   * when the command plane accepted it, or why it refused (nothing is kept for later delivery).
   */
  submit(slot: number, value: number, at: number): string | null;
}
