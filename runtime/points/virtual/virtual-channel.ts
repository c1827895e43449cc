// The virtual protocol's command plane for one channel: command slots in memory (they outlive an
// acquisition-side restart, like shared memory), the writer that consumes them with its
// generation number, and the notify socket to it. All synchronous. restart, startWriter,
// degradeNotify and onNotify stand in for what a real acquisition side does on its own.
import type { CommandChannel } from "../channel.js";

/** A command slot as the acquisition side sees it; value NaN when empty. */
export interface CommandSlot {
  value: number;
  /** Epoch milliseconds of the write; NaN when empty. */
  at: number;
}

export interface VirtualChannelOptions {
  id: string;
  /** The command slots the acquisition side offers. */
  slots: Iterable<number>;
  /** The virtual device: acts on a command once its write is confirmed (the read-back). */
  onApplied?: (slot: number, value: number, at: number) => void;
}

export class VirtualChannel implements CommandChannel {
  readonly id: string;
  readonly protocol = "virtual";
  /**
   * What the acquisition side does when notified: runs inside the write, before the writer
   * generation is read again (a test restarts the writer here to cross a restart).
   */
  onNotify: ((slot: number, value: number) => void) | undefined;
  readonly #onApplied: ((slot: number, value: number, at: number) => void) | undefined;
  #slots: Map<number, CommandSlot>;
  #generation = 1;
  #writer = true;
  #degraded = false;

  constructor(options: VirtualChannelOptions) {
    this.id = options.id;
    this.#onApplied = options.onApplied;
    this.#slots = emptySlots(options.slots);
  }

  /** Changes on every restart of the writer. */
  get generation(): number {
    return this.#generation;
  }

  /** False from a restart until the new writer starts. */
  get writerPresent(): boolean {
    return this.#writer;
  }

  get notifyDegraded(): boolean {
    return this.#degraded;
  }

  /** The slot's content; undefined when the acquisition side offers no such slot. */
  command(slot: number): Readonly<CommandSlot> | undefined {
    return this.#slots.get(slot);
  }

  // Spec item 10: generation, slot write, notify, generation again. Item 11: refused at once.
  submit(slot: number, value: number, at: number): string | null {
    const entry = this.#slots.get(slot);
    if (entry === undefined) return `channel '${this.id}' has no command slot ${slot}`;
    if (!this.#writer) return `channel '${this.id}' has no writer since its restart (generation ${this.#generation}); command not queued`;
    const before = this.#generation;
    const previous = entry.value;
    const previousAt = entry.at;
    entry.value = value;
    entry.at = at;
    if (!this.#notify(slot, value)) {
      // Taken back: a writer that looks at the slot later must not act on it.
      entry.value = previous;
      entry.at = previousAt;
      return `channel '${this.id}': the notify socket to the acquisition side is degraded; command withdrawn`;
    }
    const after = this.#generation;
    if (after !== before) {
      // The slots survived the restart: clear ours, or the new writer would act on a dropped command.
      const crossed = this.#slots.get(slot);
      if (crossed !== undefined) crossed.value = crossed.at = NaN;
      return `writer restarted during the write (generation ${before} → ${after}); command dropped`;
    }
    this.#onApplied?.(slot, value, at);
    return null;
  }

  /**
   * The acquisition side restarts: a new generation, and no writer until startWriter. The slots
   * keep their contents; `slots`, when given, is the new writer's slot layout.
   */
  restart(slots?: Iterable<number>): void {
    this.#generation++;
    this.#writer = false;
    if (slots !== undefined) {
      const kept = emptySlots(slots);
      for (const [slot, entry] of kept) Object.assign(entry, this.#slots.get(slot));
      this.#slots = kept;
    }
  }

  startWriter(): void {
    this.#writer = true;
  }

  degradeNotify(): void {
    this.#degraded = true;
  }

  restoreNotify(): void {
    this.#degraded = false;
  }

  #notify(slot: number, value: number): boolean {
    if (this.#degraded) return false;
    this.onNotify?.(slot, value);
    return true;
  }
}

function emptySlots(slots: Iterable<number>): Map<number, CommandSlot> {
  const map = new Map<number, CommandSlot>();
  for (const slot of slots) map.set(slot, { value: NaN, at: NaN });
  return map;
}
