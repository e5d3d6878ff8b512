#!/usr/bin/env node
// The API's module graph against its layer order (apps/api/layers.mjs): prints each module's imports of other
// modules and fails (exit 1) on an import against the order, a cycle, a module the order does not list, or a
// lower folder (lib, db, plugins, config) importing a module. Type-only imports count too: a lower layer that names
// a higher one's types depends on it. Tests and test helpers are left out (they may reach anywhere).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { API_LAYERS } from '../apps/api/layers.mjs';

/** @param {string} srcRoot @returns {{ edges: Map<string, string[]>, modules: string[] }} */
export function moduleGraph(srcRoot) {
  const files = [];
  (function walk(dir) {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.test-helpers\.tsx?$|\.d\.ts$/.test(e.name)) files.push(p);
    }
  })(srcRoot);
  const areaOf = (f) => {
    const parts = path.relative(srcRoot, f).split(path.sep);
    if (parts[0] === 'modules') return parts.length > 2 ? parts[1] : null;
    if (parts.length > 1) return parts[0];
    const name = parts[0].replace(/\.tsx?$/, '');
    return name === 'config' ? 'config' : `root:${name}`;
  };
  const edges = new Map();
  for (const file of files) {
    const from = areaOf(file);
    if (!from || from === 'testing' || from.startsWith('fixtures')) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const specs = [];
    source.forEachChild(function visit(node) {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specs.push(node.moduleSpecifier.text);
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) specs.push(node.arguments[0].text);
      node.forEachChild(visit);
    });
    for (const spec of specs) {
      let target;
      if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
      else if (spec.startsWith('@api/')) target = path.join(srcRoot, spec.slice(5));
      else continue;
      const to = areaOf(target.endsWith('.ts') ? target : `${target}.ts`);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${path.relative(srcRoot, file)} → ${spec}`]);
    }
  }
  const modules = fs.readdirSync(path.join(srcRoot, 'modules'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return { edges, modules };
}

const FOUNDATION = new Set(['lib', 'db', 'plugins', 'config']);

/** @param {Map<string, string[]>} edges @param {string[]} modules @param {typeof API_LAYERS} layers */
export function checkLayers(edges, modules, layers) {
  const rank = new Map();
  layers.forEach((l, i) => l.modules.forEach((m) => rank.set(m, i)));
  const problems = [];
  for (const m of modules) if (!rank.has(m)) problems.push(`module "${m}" is in no layer of apps/api/layers.mjs`);
  for (const m of rank.keys()) if (!modules.includes(m)) problems.push(`apps/api/layers.mjs lists "${m}", which is no module`);
  for (const [key, via] of edges) {
    const [from, to] = key.split(' -> ');
    const fromRank = rank.get(from);
    const toRank = rank.get(to);
    if (FOUNDATION.has(from) && toRank !== undefined) problems.push(`${from} imports the module ${to} (lower folders never import modules): ${via.join('; ')}`);
    else if (fromRank !== undefined && toRank !== undefined && toRank >= fromRank) {
      const why = toRank === fromRank ? 'a sibling in its own layer' : `a higher layer (${layers[toRank].layer})`;
      problems.push(`${from} (${layers[fromRank].layer}) imports ${to}, ${why}: ${via.join('; ')}`);
    } else if (fromRank !== undefined && to.startsWith('root:')) problems.push(`${from} imports the composition root (${to.slice(5)}.ts): ${via.join('; ')}`);
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/src');
  const { edges, modules } = moduleGraph(srcRoot);
  if (process.argv.includes('--print')) {
    for (const l of API_LAYERS) {
      for (const m of l.modules) {
        const deps = [...edges.keys()].filter((k) => k.startsWith(`${m} -> `)).map((k) => k.split(' -> ')[1]).filter((d) => !FOUNDATION.has(d));
        console.log(`${l.layer.padEnd(14)} ${m.padEnd(20)} → ${deps.join(', ') || '—'}`);
      }
    }
  }
  const problems = checkLayers(edges, modules, API_LAYERS);
  if (problems.length) {
    console.error(`The API's module graph goes against apps/api/layers.mjs (${problems.length}):\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`API layers: ${modules.length} modules in ${API_LAYERS.length} layers, every import one way.`);
}
