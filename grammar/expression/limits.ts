// Limits that keep parsing and every later recursive pass within the stack, whatever the input.

/** Parentheses, unary operators and `?` nested inside each other. */
export const MAX_NESTING = 100;
/** Depth of the AST, e.g. the length of a chain `a + b + c + ...`. */
export const MAX_AST_DEPTH = 1000;
/** Size of one expression's source text, in UTF-8 bytes (64 KiB). */
export const MAX_EXPRESSION_BYTES = 64 * 1024;
