#!/usr/bin/env node
// The breaking-change check behind check.sh: `node diff.js BASE_JSON NEW_JSON CHANGELOG_MD`.
//
// 1. Optic's diff engine with its `breaking-changes` standard ruleset (the rules `optic diff
//    --check` runs by default) compares BASE and NEW. Optic walks every operation of both
//    documents with every $ref inlined (the 2.3 MB document inlines to 17 MB) and took 225 s of
//    CPU on it, so both copies are first cut to what changed: an operation whose operation
//    object, path-level parameters and every component it reaches (transitively) are the same
//    in both, prose aside (descriptions, summaries, examples), is dropped from both, and so is a
//    response of a kept operation that is the same in both. Optic's rules look only at what
//    changed, so the cut changes no result (CONTRACT_NO_PRUNE=1 diffs the whole documents: on
//    two pairs of the real document, the same lines in 4 minutes instead of 2 to 16 s).
// 2. Lists each breaking change as `METHOD /path: what`.
// 3. An operation's breaking changes are acknowledged when CHANGELOG's `## Unreleased` section
//    has, under `### Breaking`, a bullet naming the operation as `METHOD /path` in backticks with
//    a line of that bullet starting `Migration:` (or `**Migration**:`) followed by some text.
//
// Exit: 0 no breaking change, or all acknowledged (one summary line on stdout, the acknowledged
// ones on stderr); 1 a breaking change not acknowledged (all listed on stdout); 2 bad input.
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const crypto = require("crypto");

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function usage(message) {
  console.error(`diff.js: ${message}\nusage: diff.js BASE_JSON NEW_JSON CHANGELOG_MD`);
  process.exit(2);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    usage(`${file}: ${e.message}`);
  }
}

// ------------------------------------------------------------------------------ cutting to changes

// Words for people, which no breaking-change rule reads: an operation whose only change is in
// them is not diffed. They are left out where they are keywords, not where they are names (a
// property called `description` is a field of the API).
const PROSE = new Set(["description", "summary", "example", "examples", "externalDocs", "title"]);
const NAME_MAPS = new Set([
  "properties", "headers", "content", "responses", "encoding", "links", "callbacks", "variables",
  "mapping", "scopes", "schemas", "parameters", "requestBodies", "securitySchemes", "paths",
]);

// Canonical JSON (keys sorted, prose left out), so two serialisers' key orders compare equal.
function canonical(value, parentKey) {
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v)).join(",")}]`;
  if (value && typeof value === "object") {
    let keys = Object.keys(value).sort();
    if (!NAME_MAPS.has(parentKey)) keys = keys.filter((k) => !PROSE.has(k));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k], k)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function directRefs(value, out = new Set()) {
  if (Array.isArray(value)) for (const v of value) directRefs(v, out);
  else if (value && typeof value === "object") {
    if (typeof value.$ref === "string") out.add(value.$ref);
    for (const v of Object.values(value)) directRefs(v, out);
  }
  return out;
}

function resolvePointer(doc, ref) {
  if (!ref.startsWith("#/")) return undefined; // an external $ref: compared by its text only
  let node = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(key in node)) return undefined;
    node = node[key];
  }
  return node;
}

// A fingerprint function for one document: fingerprint(value) covers the value and every local
// $ref it reaches, through any number of components.
function fingerprinter(doc) {
  const refHash = new Map(); // ref -> hash of the referenced value's own text
  const refEdges = new Map(); // ref -> refs the referenced value holds
  const hash = (s) => crypto.createHash("sha1").update(s).digest("hex");
  const visit = (ref) => {
    if (refHash.has(ref)) return;
    const target = resolvePointer(doc, ref);
    refHash.set(ref, target === undefined ? "missing" : hash(canonical(target)));
    refEdges.set(ref, target === undefined ? new Set() : directRefs(target));
  };
  return (value) => {
    const seen = new Set();
    const todo = [...directRefs(value)];
    while (todo.length) {
      const ref = todo.pop();
      if (seen.has(ref)) continue;
      seen.add(ref);
      visit(ref);
      for (const next of refEdges.get(ref)) if (!seen.has(next)) todo.push(next);
    }
    const parts = [canonical(value), ...[...seen].sort().map((r) => `${r}=${refHash.get(r)}`)];
    return hash(parts.join("\n"));
  };
}

// Drops from both documents (in place) what is the same in both; returns [compared, kept]
// operation counts.
function cutToChanges(base, head) {
  const fpBase = fingerprinter(base);
  const fpHead = fingerprinter(head);
  let compared = 0;
  let kept = 0;
  const paths = new Set([...Object.keys(base.paths || {}), ...Object.keys(head.paths || {})]);
  for (const p of paths) {
    const bItem = base.paths?.[p];
    const hItem = head.paths?.[p];
    if (!bItem || !hItem) {
      for (const item of [bItem, hItem]) if (item) compared += METHODS.filter((m) => item[m]).length;
      kept += METHODS.filter((m) => (bItem && bItem[m]) || (hItem && hItem[m])).length;
      continue;
    }
    for (const m of METHODS) {
      const bOp = bItem[m];
      const hOp = hItem[m];
      if (!bOp && !hOp) continue;
      compared++;
      if (!bOp || !hOp) {
        kept++;
        continue;
      }
      const whole = (item, op) => ({ op, pathParameters: item.parameters || [] });
      // Responses are compared one by one below; the rest of the operation as a whole.
      const rest = (item, op) => ({ ...whole(item, op), op: { ...op, responses: undefined } });
      const bResponses = bOp.responses || {};
      const hResponses = hOp.responses || {};
      const sameResponses = Object.keys(bResponses).filter(
        (code) => code in hResponses && fpBase(bResponses[code]) === fpHead(hResponses[code]),
      );
      const restSame = fpBase(rest(bItem, bOp)) === fpHead(rest(hItem, hOp));
      const allResponsesSame =
        sameResponses.length === Object.keys(bResponses).length &&
        sameResponses.length === Object.keys(hResponses).length;
      if (restSame && allResponsesSame) {
        delete bItem[m];
        delete hItem[m];
        continue;
      }
      kept++;
      if (sameResponses.length) {
        bItem[m] = { ...bOp, responses: { ...bResponses } };
        hItem[m] = { ...hOp, responses: { ...hResponses } };
        for (const code of sameResponses) {
          delete bItem[m].responses[code];
          delete hItem[m].responses[code];
        }
      }
    }
    for (const [doc, item] of [[base, bItem], [head, hItem]]) {
      if (!METHODS.some((m) => item[m])) delete doc.paths[p];
    }
  }
  // Optic reads only paths (and their $refs into components); the webhooks stay out of its walk.
  for (const doc of [base, head]) delete doc["x-webhooks"];
  return [compared, kept];
}

// ------------------------------------------------------------------------------ optic

async function opticBreakingChanges(base, head) {
  const io = require("@useoptic/openapi-io");
  const { compareSpecs } = require("@useoptic/openapi-utilities");
  const { RuleRunner } = require("@useoptic/rulesets-base");
  const { BreakingChangesRuleset } = require("@useoptic/standard-rulesets");

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "contract-"));
  try {
    const load = async (doc, name) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, JSON.stringify(doc));
      const parsed = await io.parseOpenAPIWithSourcemap(file);
      const version = io.checkOpenAPIVersion(parsed.jsonLike);
      io.validateOpenApiV3Document(parsed.jsonLike, parsed.sourcemap, { strictOpenAPI: false });
      const warnings = [];
      const result = io.denormalize({ ...parsed, version, isEmptySpec: false }, version, warnings);
      for (const w of warnings) console.error(`optic: ${w}`);
      return { ...result, version, isEmptySpec: false, from: "file" };
    };
    const from = await load(base, "base.json");
    const to = await load(head, "new.json");
    // Checked whatever info.version says (Optic's default skips a major version change).
    const ruleset = await BreakingChangesRuleset.fromOpticConfig({
      skip_when_major_version_changes: false,
    });
    if (typeof ruleset === "string") throw new Error(`breaking-changes ruleset: ${ruleset}`);
    const { results } = await compareSpecs(from, to, new RuleRunner([ruleset]), {});
    const failed = results.filter((r) => !r.passed && !r.exempted);
    // A removed operation or response is one change, not one more per property it had.
    const removedWholes = failed
      .filter((r) => /^prevent (operation removal|response status code removal)$/.test(r.name))
      .map((r) => `${r.location.jsonPath}/`);
    return failed
      .filter((r) => !removedWholes.some((prefix) => r.location.jsonPath.startsWith(prefix)))
      .map((r) => {
        const op = operationOf(r.location.jsonPath);
        const prefix = op ? `${op} ` : "";
        const where = r.where.startsWith(prefix) ? r.where.slice(prefix.length) : r.where;
        const what = r.error.replace(/\s*This is a breaking change\.?$/, "").replace(/\.$/, "");
        return { op: op || "(document)", what: where === op ? what : `${what} (at ${where})` };
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// "/paths/~1api~1x/get/..." -> "GET /api/x"
function operationOf(jsonPath) {
  const parts = jsonPath.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (parts[0] !== "paths" || parts.length < 3 || !METHODS.includes(parts[2])) return null;
  return `${parts[2].toUpperCase()} ${parts[1]}`;
}

// ------------------------------------------------------------------------------ changelog

// Operation ("METHOD /path") -> true when the changelog acknowledges it with a migration,
// false when it names it without one.
function acknowledgements(markdown) {
  const lines = markdown.split(/\r?\n/);
  const named = new Map();
  let inUnreleased = false;
  let inBreaking = false;
  let bullet = null;
  const flush = () => {
    if (!bullet) return;
    const text = bullet.join("\n");
    const migration = bullet.some((l) =>
      /^\s*(?:[-*+]\s+)?(?:Migration:|\*\*Migration\*\*:|\*\*Migration:\*\*)\s*\S/.test(l),
    );
    for (const m of text.matchAll(/`([A-Za-z]+) (\/[^`\s]*)`/g)) {
      const op = `${m[1].toUpperCase()} ${m[2]}`;
      if (METHODS.includes(m[1].toLowerCase())) named.set(op, named.get(op) || migration);
    }
    bullet = null;
  };
  for (const line of lines) {
    if (/^## /.test(line)) {
      flush();
      inUnreleased = /^##\s+\[?Unreleased\]?\s*$/i.test(line);
      inBreaking = false;
    } else if (/^### /.test(line)) {
      flush();
      inBreaking = inUnreleased && /^###\s+Breaking\b/i.test(line);
    } else if (inBreaking) {
      if (/^[-*+]\s/.test(line)) {
        flush();
        bullet = [line];
      } else if (bullet && (/^\s+\S/.test(line) || line.trim() === "")) {
        bullet.push(line);
      } else if (line.trim() !== "") {
        flush(); // text at the margin ends the bullet
      }
    }
  }
  flush();
  return named;
}

// ------------------------------------------------------------------------------ main

async function main() {
  const [baseFile, newFile, changelogFile] = process.argv.slice(2);
  if (!changelogFile) usage("three arguments needed");
  const base = readJson(baseFile);
  const head = readJson(newFile);
  if (!fs.existsSync(changelogFile)) usage(`${changelogFile}: no such file`);
  const changelog = fs.readFileSync(changelogFile, "utf8");

  let compared;
  let kept;
  if (process.env.CONTRACT_NO_PRUNE === "1") {
    compared = kept = new Set(
      [base, head].flatMap((d) =>
        Object.entries(d.paths || {}).flatMap(([p, item]) =>
          METHODS.filter((m) => item[m]).map((m) => `${m} ${p}`),
        ),
      ),
    ).size;
  } else {
    [compared, kept] = cutToChanges(base, head);
  }
  const changes = kept ? await opticBreakingChanges(base, head) : [];

  const acks = acknowledgements(changelog);
  const ops = [...new Set(changes.map((c) => c.op))].sort();
  const unacked = ops.filter((op) => acks.get(op) !== true);
  const byPath = (a, b) => {
    const [am, ap] = a.op.split(" ");
    const [bm, bp] = b.op.split(" ");
    return ap.localeCompare(bp) || am.localeCompare(bm) || a.what.localeCompare(b.what);
  };
  const lines = (list) =>
    changes.filter((c) => list.includes(c.op)).sort(byPath).map((c) => `${c.op}: ${c.what}`);
  const acked = ops.filter((op) => !unacked.includes(op));
  const of = `${compared} operations compared, ${kept} changed`;

  if (unacked.length === 0) {
    if (acked.length) {
      console.error(`acknowledged in ${changelogFile}:`);
      for (const l of lines(acked)) console.error(l);
    }
    console.log(
      changes.length
        ? `contract: ${changes.length} breaking changes in ${ops.length} operations, all acknowledged in ${changelogFile} (${of})`
        : `contract: no breaking changes (${of})`,
    );
    return 0;
  }
  console.log(`contract: breaking changes not acknowledged in ${changelogFile}:`);
  for (const l of lines(unacked)) console.log(l);
  const noMigration = unacked.filter((op) => acks.get(op) === false);
  if (noMigration.length) {
    console.log(`named under Unreleased/Breaking but without a "Migration:" line: ${noMigration.join(", ")}`);
  }
  if (acked.length) {
    console.log(`acknowledged:`);
    for (const l of lines(acked)) console.log(l);
  }
  console.log(
    `contract: FAILED: ${unacked.length} of ${ops.length} operations with breaking changes not acknowledged (${of}). ` +
      "Acknowledge each under `## Unreleased` / `### Breaking` in the changelog: a bullet naming `METHOD /path` " +
      "with a line `Migration: ...` (see infra/contract/README.md).",
  );
  return 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`diff.js: ${e && e.stack ? e.stack : e}`);
    process.exit(2);
  },
);
