// TypeScript types of the server's protocol, from the JSON Schema its Pydantic models export
// (scripts/export_schema.py). `--check` fails when the committed types are stale.
import { readFileSync, writeFileSync } from "node:fs";
import { compile } from "json-schema-to-typescript";

const [schemaPath, outPath, flag] = process.argv.slice(2);
if (!schemaPath || !outPath) {
  console.error("usage: node scripts/generate-types.mjs SCHEMA.json OUT.ts [--check]");
  process.exit(2);
}
// Property titles ("Bot Pause") would each become a named alias; keep only the models' names.
function dropPropertyTitles(node, isModel) {
  if (Array.isArray(node)) return node.map((item) => dropPropertyTitles(item, false));
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "title" && !isModel) continue;
    if (key === "properties") {
      // property names are data, not keywords: a property may be called "title"
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, dropPropertyTitles(sub, false)]),
      );
    } else if (key === "$defs") {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, model]) => [name, dropPropertyTitles(model, true)]),
      );
    } else {
      out[key] = dropPropertyTitles(value, false);
    }
  }
  return out;
}

const schema = dropPropertyTitles(JSON.parse(readFileSync(schemaPath, "utf-8")), true);
const banner =
  "// Generated from the server's Pydantic models by web/scripts/generate-types.mjs: do not edit.\n" +
  "// Regenerate with `make web-types`.";
const text = await compile(schema, "LudotecaProtocol", {
  bannerComment: banner,
  unreachableDefinitions: true,
  additionalProperties: false,
  format: true,
  style: { semi: true, singleQuote: false, printWidth: 100 },
});
if (flag === "--check") {
  let current = "";
  try {
    current = readFileSync(outPath, "utf-8");
  } catch {
    // missing: stale
  }
  if (current !== text) {
    console.error(`${outPath} is stale: run \`make web-types\``);
    process.exit(1);
  }
} else {
  writeFileSync(outPath, text);
}
