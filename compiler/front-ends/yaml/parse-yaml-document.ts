// One YAML document parsed with its duplicate keys found in linear time. The yaml package's own
// check (`uniqueKeys: true`) compares each key with every earlier key of its mapping: a mapping of
// 80,000 keys (under 1 MiB) took 75 s and held the event loop (issue 19, outside review). Here the
// parser runs without it and one pass per mapping reports each repeated key exactly as the parser
// would: a YAMLParseError `DUPLICATE_KEY` at the later key, with the parser's own equality (the
// same node, or two scalars of the same value).
import { isScalar, parseDocument, visit, YAMLParseError, type Document, type LineCounter } from "yaml";

export function parseYamlDocument(text: string, lineCounter?: LineCounter): Document.Parsed {
  const doc = parseDocument(text, { ...(lineCounter !== undefined ? { lineCounter } : {}), uniqueKeys: false, prettyErrors: false, keepSourceTokens: false });
  const duplicates = duplicateKeyErrors(doc);
  if (duplicates.length > 0) {
    doc.errors.push(...duplicates);
    doc.errors.sort((a, b) => a.pos[0] - b.pos[0]);
  }
  return doc;
}

function duplicateKeyErrors(doc: Document.Parsed): YAMLParseError[] {
  const errors: YAMLParseError[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = pair.key;
        // Other keys (collections, aliases) equal only themselves; NaN equals nothing, as with ===.
        if (!isScalar(key) || Number.isNaN(key.value)) continue;
        if (seen.has(key.value)) {
          const start = key.range?.[0] ?? 0;
          errors.push(new YAMLParseError([start, start + 1], "DUPLICATE_KEY", "Map keys must be unique"));
        } else seen.add(key.value);
      }
    },
  });
  return errors;
}
