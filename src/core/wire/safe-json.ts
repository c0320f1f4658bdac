/**
 * JSON.stringify that survives any depth.
 *
 * Contract: `stringifyDeep(value)` equals `JSON.stringify(value)` for every JSON value (objects, arrays, strings,
 * finite numbers, booleans, null; `undefined` members dropped as JSON.stringify does); when JSON.stringify overflows
 * the stack (data nested thousands deep, which JSON.parse accepts), it serializes with an explicit stack instead.
 * Never throws for values that came out of JSON.parse.
 */
export function stringifyDeep(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return iterative(value);
  }
}

type Frame = { kind: 'array'; items: readonly unknown[]; i: number } | { kind: 'object'; obj: Record<string, unknown>; keys: string[]; i: number; wrote: boolean };

function scalar(v: unknown): string | undefined {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
    case 'number':
    case 'boolean':
      return JSON.stringify(v);
    case 'object':
      return undefined;
    default:
      return undefined;
  }
}

function iterative(root: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = (v: unknown): void => {
    const s = scalar(v);
    if (s !== undefined) {
      out.push(s);
      return;
    }
    if (Array.isArray(v)) {
      out.push('[');
      stack.push({ kind: 'array', items: v, i: 0 });
    } else if (v !== null && typeof v === 'object') {
      out.push('{');
      stack.push({ kind: 'object', obj: v as Record<string, unknown>, keys: Object.keys(v), i: 0, wrote: false });
    } else out.push('null');
  };
  open(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    if (top.kind === 'array') {
      if (top.i >= top.items.length) {
        out.push(']');
        stack.pop();
        continue;
      }
      if (top.i > 0) out.push(',');
      const v = top.items[top.i++];
      open(v === undefined || typeof v === 'function' ? null : v);
    } else {
      if (top.i >= top.keys.length) {
        out.push('}');
        stack.pop();
        continue;
      }
      const k = top.keys[top.i++] as string;
      const v = top.obj[k];
      if (v === undefined || typeof v === 'function') continue;
      if (top.wrote) out.push(',');
      top.wrote = true;
      out.push(JSON.stringify(k), ':');
      open(v);
    }
  }
  return out.join('');
}
