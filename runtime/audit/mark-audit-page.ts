// What a page of audit events says about the chain it was read from: the sequences missing in
// the span it covers (after its cursor, up to its last item) and the items whose digest does not
// follow from their predecessor's. A filtered page skips other tenants' sequences by design, so
// gaps are looked up in the whole chain, never inferred from the page.
import type { AuditEvent, AuditPage, AuditStore, SequenceGap } from "./audit-event.js";
import { verifyAuditChain } from "./verify-audit-chain.js";

export interface MarkedAuditPage extends AuditPage {
  gaps: SequenceGap[];
  digestMismatches: string[];
}

export async function markAuditPage(store: Pick<AuditStore, "gaps" | "readChainAt">, page: AuditPage, after: number | undefined): Promise<MarkedAuditPage> {
  const last = page.items.at(-1);
  if (last === undefined) return { ...page, gaps: [], digestMismatches: [] };
  const gaps = await store.gaps((after ?? 0) + 1, Number(last.sequence));
  const predecessors = await store.readChainAt(page.items.map((item) => Number(item.sequence) - 1).filter((sequence) => sequence > 0));
  const digestOf = new Map(predecessors.map((row) => [row.sequence, row.evidenceDigest]));
  const digestMismatches = page.items.filter((item) => !linksTo(item, digestOf)).map((item) => item.sequence);
  return { ...page, gaps, digestMismatches };
}

/** True when the item's digest follows from its predecessor's; a missing predecessor is a gap, marked there. */
function linksTo(item: AuditEvent, digestOf: ReadonlyMap<string, string>): boolean {
  const sequence = Number(item.sequence);
  const previous = sequence === 1 ? "" : digestOf.get(String(sequence - 1));
  return previous === undefined || verifyAuditChain([item], previous, item.sequence).ok;
}
