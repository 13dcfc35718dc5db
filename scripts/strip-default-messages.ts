import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The parts of a message descriptor the browser never needs: its messages arrive precompiled. */
const stripped = new Set(['defaultMessage', 'description']);

const nameOf = (name: ts.PropertyName | ts.JsxAttributeName | undefined) =>
  name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;

/**
 * Removes `defaultMessage` and `description` from every message descriptor of a module: object
 * literals with an `id` (`defineMessages`, `formatMessage`) and JSX elements with an `id` attribute
 * (`<FormattedMessage>`). Each language's messages, English included, come precompiled per area
 * (decision 0028), so the English defaults are only weight in the browser. Returns null when
 * nothing changes.
 */
export function stripDefaultMessages(source: string, fileName: string) {
  if (!source.includes('defaultMessage')) return null;
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const code = new MagicString(source);
  let changed = false;

  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const props = node.properties;
      const names = props.map((p) => nameOf(p.name));
      if (names.includes('id')) {
        const strip = props.map(
          (prop, i) => ts.isPropertyAssignment(prop) && stripped.has(names[i] ?? ''),
        );
        // each run of stripped properties with its commas: up to the next kept one, or (a run at the
        // end) from the kept one before it
        for (let a = 0; a < props.length; a++) {
          if (!strip[a]) continue;
          let b = a;
          while (strip[b + 1]) b++;
          const after = props[b + 1];
          if (after) code.remove(props[a]!.getStart(file), after.getStart(file));
          else code.remove(props[a - 1]!.end, props[b]!.end);
          changed = true;
          a = b;
        }
      }
    } else if (ts.isJsxAttributes(node)) {
      const attributes = node.properties.filter(ts.isJsxAttribute);
      if (attributes.some((a) => nameOf(a.name) === 'id')) {
        for (const attribute of attributes) {
          if (!stripped.has(nameOf(attribute.name) ?? '')) continue;
          code.remove(attribute.getStart(file), attribute.end);
          changed = true;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return changed
    ? { code: code.toString(), map: code.generateMap({ hires: true, source: fileName }) }
    : null;
}

/** The browser build's side of it; the server's render keeps the English it renders with. */
export function stripDefaultMessagesPlugin(): Plugin {
  return {
    name: 'strip-default-messages',
    apply: 'build',
    enforce: 'pre',
    transform(source, id, options) {
      if (options?.ssr || !/\/web\/.*\.tsx?$/.test(id.split('?')[0]!)) return null;
      return stripDefaultMessages(source, id.split('?')[0]!);
    },
  };
}
