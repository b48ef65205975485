// Text PostgreSQL cannot store: `text` and `jsonb` refuse U+0000 (22021 / 22P05), and `jsonb`
// refuses a lone UTF-16 surrogate such as "\ud800" (22P02). Input from a caller is checked here
// and refused with a field message before it reaches the database; data from the remote service
// is sanitized instead (it is not ours to refuse). Nesting is bounded too: serializing a value
// nested 10,000 deep overflows the stack, and nothing we accept is nested beyond a few levels.

/** Deeper than any body the API or the webhooks take (an event is four levels deep). */
const MAX_JSON_DEPTH = 32;

interface TextProblem {
  /** Where: `name`, `events.0.data.note`, or `_` for the whole value. */
  path: string;
  message: string;
}

export const NUL_MESSAGE = 'must not contain the NUL character (\\u0000)';
export const SURROGATE_MESSAGE = 'must not contain an unpaired UTF-16 surrogate (\\ud800-\\udfff)';
export const DEPTH_MESSAGE = `is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`;

// A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u`
// flag: the pattern works on UTF-16 code units). String#isWellFormed is ES2024, beyond our lib.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** What is wrong with one text, or null when PostgreSQL can store it. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/**
 * The first problem in a parsed JSON value: unstorable text in a value or a key, or nesting
 * deeper than `maxDepth`. Iterative, so a hostile value cannot overflow the stack.
 */
export function findTextProblem(
  value: unknown,
  options: { maxDepth?: number; prefix?: string } = {},
): TextProblem | null {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const stack: { value: unknown; path: string[]; depth: number }[] = [
    { value, path: options.prefix ? [options.prefix] : [], depth: 0 },
  ];
  const at = (path: string[]) => (path.length ? path.join('.') : '_');
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const message = textProblem(item.value);
      if (message) return { path: at(item.path), message };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= maxDepth) return { path: at(item.path), message: DEPTH_MESSAGE };
    const entries = Array.isArray(item.value)
      ? item.value.map((v, i) => [String(i), v] as const)
      : Object.entries(item.value);
    for (const [key, child] of entries) {
      const keyMessage = textProblem(key);
      // A bad key is reported by a printable stand-in: the key itself cannot be shown.
      if (keyMessage) return { path: at([...item.path, '(key)']), message: keyMessage };
      stack.push({ value: child, path: [...item.path, key], depth: item.depth + 1 });
    }
  }
  return null;
}

/** `text` as PostgreSQL can store it: NUL removed, each lone surrogate replaced by U+FFFD. */
export function storableText(text: string): string {
  const clean = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return LONE_SURROGATE.test(clean) ? clean.replace(LONE_SURROGATES, '\ufffd') : clean;
}

/** A copy of a parsed JSON value with every text (keys too) made storable. */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableJson) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v)]),
    ) as T;
  }
  return value;
}

/** The spec's Text(255) fields. */
const TEXT_255 = 255;

/**
 * Remote text for a Text(255) column: cut to fit, never refused (a long remote message must not
 * fail the write that carries it). Absent stays null; an empty text stays empty.
 */
export function clipText255(text: string): string;
export function clipText255(text: string | null | undefined): string | null;
export function clipText255(text: string | null | undefined): string | null {
  return text === null || text === undefined ? null : text.slice(0, TEXT_255);
}
