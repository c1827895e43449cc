// Object keys in the order RFC 8785 sorts them: by UTF-16 code units, which is how `<` compares
// strings. Objects have few keys: an insertion sort beats Array.prototype.sort there; many keys
// take the library sort. Shared by the JCS writer and the flow document reader.
const INSERTION_SORT_MAX = 16;

/** Sorts `keys` in place. */
export function sortKeys(keys: string[]): void {
  if (keys.length > INSERTION_SORT_MAX) {
    keys.sort();
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
}
