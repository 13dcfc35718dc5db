import postcss, { type ChildNode, type Container } from 'postcss';

/**
 * The part of the site's stylesheet a rendered page uses, for a `<style>` in its head: the first
 * paint then waits for the HTML alone, not for one more request of the whole stylesheet (on a
 * slow phone, 400 ms and 10 KB; decision 0037). The whole stylesheet comes after the page's code.
 *
 * A rule is kept when one of its selectors names only classes the page's HTML carries (classes
 * under `:not()` are not needed, they only exclude); rules naming no class (the reset, elements,
 * variables) and at-rules that hold no selectors (@property, @keyframes, @font-face) are always
 * kept. Tailwind's selectors are classes, so this is exact for what the server rendered; what
 * the page shows later (an opened row) is styled once the whole stylesheet is here.
 */
export interface CriticalCss {
  /** The rules this HTML's classes use, minified as the stylesheet was. */
  for(html: string): string;
}

/** The class names a selector needs: escaped identifiers after a dot, outside any :not(). */
export function classesOfSelector(selector: string): string[] {
  const withoutNot = stripNot(selector);
  const names: string[] = [];
  const classPattern = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-]|[^\p{ASCII}])+)/gu;
  for (const match of withoutNot.matchAll(classPattern)) names.push(unescapeIdent(match[1]!));
  return names;
}

function stripNot(selector: string): string {
  let out = '';
  let i = 0;
  while (i < selector.length) {
    if (selector.startsWith(':not(', i)) {
      let depth = 0;
      let j = i + 4;
      for (; j < selector.length; j++) {
        if (selector[j] === '\\') j++;
        else if (selector[j] === '(') depth++;
        else if (selector[j] === ')' && --depth === 0) break;
      }
      i = j + 1;
      continue;
    }
    out += selector[i];
    if (selector[i] === '\\' && i + 1 < selector.length) out += selector[++i];
    i++;
  }
  return out;
}

function unescapeIdent(escaped: string): string {
  return escaped.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_m, hex?: string, char?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

const htmlEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
};

/** Every class the HTML's elements carry. */
export function classesOfHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.replace(
      /&(amp|lt|gt|quot|#39|#x27);/g,
      (_m, e: string) => htmlEntities[e]!,
    );
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Splits a selector list at its top-level commas. */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim());
}

interface PreparedRule {
  selectors: { text: string; classes: string[] }[];
}

export function createCriticalCss(stylesheet: string): CriticalCss {
  const root = postcss.parse(stylesheet);
  const prepared = new WeakMap<ChildNode, PreparedRule>();
  root.walkRules((rule) => {
    // keyframe steps (from, 50%) are kept whole with their @keyframes
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as { name: string }).name))
      return;
    prepared.set(rule, {
      selectors: splitSelectors(rule.selector).map((text) => ({
        text,
        classes: classesOfSelector(text),
      })),
    });
  });

  /**
   * Walks the sheet keeping what the page's classes use. With `vars` null it only notes the
   * custom properties kept declarations read; with `vars` it writes the CSS, dropping the
   * declarations (and @property rules) of custom properties nothing kept reads: most of the
   * theme's colours and Tailwind's --tw-* defaults belong to rules this page does not use.
   */
  function walk(
    container: Container,
    classes: Set<string>,
    vars: Set<string> | null,
    uses: Uses,
  ): string {
    let out = '';
    for (const node of container.nodes ?? []) {
      if (node.type === 'comment') continue;
      if (node.type === 'decl') {
        if (node.prop.startsWith('--')) {
          if (vars && !vars.has(node.prop)) continue;
          if (!vars) uses.defined.push([node.prop, node.value]);
        } else if (!vars) uses.read.push(node.value);
        out += `${node.prop}:${node.value}${node.important ? '!important' : ''};`;
        continue;
      }
      if (node.type === 'rule') {
        const rule = prepared.get(node);
        if (!rule) {
          out += `${node.selector}{${walk(node, classes, vars, uses)}}`;
          continue;
        }
        const kept = rule.selectors.filter((s) => s.classes.every((name) => classes.has(name)));
        if (kept.length === 0) continue;
        const inner = walk(node, classes, vars, uses);
        if (inner) out += `${kept.map((s) => s.text).join(',')}{${inner}}`;
        continue;
      }
      // an at-rule: a statement (@layer a, b;), a block of declarations, or a block of rules
      if (!node.nodes) {
        out += `@${node.name} ${node.params};`;
        continue;
      }
      if (node.name === 'property') {
        if (vars && !vars.has(node.params.trim())) continue;
        out += `@property ${node.params}{${wholeBody(node)}}`;
        continue;
      }
      const holdsRules = node.nodes.some(
        (child) => child.type === 'rule' || child.type === 'atrule',
      );
      const isWhole = /keyframes$|^font-face$|^counter-style$/.test(node.name);
      const inner = isWhole ? wholeBody(node) : walk(node, classes, vars, uses);
      if (!inner && holdsRules) continue;
      out += `@${node.name}${node.params ? ` ${node.params}` : ''}{${inner}}`;
    }
    return out;
  }

  return {
    for(html) {
      const classes = classesOfHtml(html);
      const uses: Uses = { defined: [], read: [] };
      walk(root, classes, null, uses);
      return walk(root, classes, readVariables(uses), uses);
    },
  };
}

interface Uses {
  /** Custom property declarations kept: name and value. */
  defined: [string, string][];
  /** Values of the other declarations kept. */
  read: string[];
}

/** The custom properties the kept declarations read, and those their values read in turn. */
function readVariables(uses: Uses): Set<string> {
  const valuesOf = new Map<string, string[]>();
  for (const [name, value] of uses.defined)
    valuesOf.set(name, [...(valuesOf.get(name) ?? []), value]);
  const vars = new Set<string>();
  const pending = [...uses.read];
  while (pending.length > 0) {
    for (const match of pending.pop()!.matchAll(/var\(\s*(--[\w-]+)/g)) {
      const name = match[1]!;
      if (vars.has(name)) continue;
      vars.add(name);
      pending.push(...(valuesOf.get(name) ?? []));
    }
  }
  return vars;
}

/** A block kept whole (@property, @keyframes and its steps), written as the stylesheet had it. */
function wholeBody(container: Container): string {
  return (container.nodes ?? [])
    .map((n) => {
      if (n.type === 'decl') return `${n.prop}:${n.value}${n.important ? '!important' : ''};`;
      if (n.type === 'rule') return `${n.selector}{${wholeBody(n)}}`;
      return '';
    })
    .join('');
}
