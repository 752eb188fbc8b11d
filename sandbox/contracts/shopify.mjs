// Holds Dropline against Shopify's published Admin GraphQL schema of one API version:
//   node shopify.mjs <version> <sandbox.graphql> <documents.json>
// prints JSON {invalid: [{name, errors}], differences: [line]}:
// - invalid: the product's documents that Shopify's schema refuses, or that use a deprecated field;
// - differences: what the sandbox's schema defines that Shopify's does not (a type, field,
//   argument, input field, enum value or union member, or another type or nullability), and
//   what Shopify requires that the sandbox does not take.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildClientSchema, buildSchema, parse, validate, specifiedRules, NoDeprecatedCustomRule,
  isObjectType, isInterfaceType, isInputObjectType, isEnumType, isUnionType, isScalarType,
  isNonNullType, isSpecifiedScalarType,
} from 'graphql';

const [version, sdlPath, docsPath] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const raw = JSON.parse(gunzipSync(readFileSync(join(here, '.schemas', `admin_${version}.json.gz`))).toString());
const shopify = buildClientSchema(raw.data ?? raw);
const sandbox = buildSchema(readFileSync(sdlPath, 'utf8'));

const invalid = [];
for (const [name, text] of JSON.parse(readFileSync(docsPath, 'utf8'))) {
  let errors;
  try {
    errors = validate(shopify, parse(text), [...specifiedRules, NoDeprecatedCustomRule]).map((e) => e.message);
  } catch (e) {
    errors = [e.message];
  }
  if (errors.length) invalid.push({ name, errors });
}

const differences = [];
const kind = (t) => (isObjectType(t) ? 'object' : isInterfaceType(t) ? 'interface' : isInputObjectType(t) ? 'input'
  : isEnumType(t) ? 'enum' : isUnionType(t) ? 'union' : 'scalar');
const required = (x) => isNonNullType(x.type) && x.defaultValue === undefined;
const byName = (list) => new Map(list.map((x) => [x.name, x]));
const rootName = (s, t) => {
  if (t === s.getQueryType()) return 'QueryRoot';
  if (t === s.getMutationType()) return 'Mutation';
  return t.name;
};

for (const type of Object.values(sandbox.getTypeMap())) {
  if (type.name.startsWith('__') || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
  const name = rootName(sandbox, type);
  const real = shopify.getType(name);
  if (!real) { differences.push(`${name}: no such type`); continue; }
  if (kind(real) !== kind(type)) { differences.push(`${name}: ${kind(type)}, Shopify's is ${kind(real)}`); continue; }
  if (isObjectType(type) || isInterfaceType(type)) {
    const fields = real.getFields();
    for (const f of Object.values(type.getFields())) {
      const rf = fields[f.name];
      if (!rf) { differences.push(`${name}.${f.name}: no such field`); continue; }
      if (String(rf.type) !== String(f.type)) differences.push(`${name}.${f.name}: ${f.type}, Shopify's is ${rf.type}`);
      const args = byName(rf.args);
      for (const a of f.args) {
        const ra = args.get(a.name);
        if (!ra) differences.push(`${name}.${f.name}(${a.name}): no such argument`);
        else if (String(ra.type) !== String(a.type)) differences.push(`${name}.${f.name}(${a.name}): ${a.type}, Shopify's is ${ra.type}`);
      }
      const mine = byName(f.args);
      for (const ra of rf.args.filter(required)) {
        if (!mine.has(ra.name)) differences.push(`${name}.${f.name}(${ra.name}): required by Shopify, not taken`);
      }
    }
  } else if (isInputObjectType(type)) {
    const fields = real.getFields();
    const mine = type.getFields();
    for (const f of Object.values(mine)) {
      const rf = fields[f.name];
      if (!rf) differences.push(`${name}.${f.name}: no such input field`);
      else if (String(rf.type) !== String(f.type)) differences.push(`${name}.${f.name}: ${f.type}, Shopify's is ${rf.type}`);
    }
    for (const rf of Object.values(fields).filter(required)) {
      if (!mine[rf.name]) differences.push(`${name}.${rf.name}: required by Shopify, not taken`);
    }
  } else if (isEnumType(type)) {
    const values = new Set(real.getValues().map((v) => v.name));
    for (const v of type.getValues()) if (!values.has(v.name)) differences.push(`${name}.${v.name}: no such value`);
  } else if (isUnionType(type)) {
    const members = new Set(real.getTypes().map((t) => t.name));
    for (const t of type.getTypes()) if (!members.has(t.name)) differences.push(`${name} | ${t.name}: no such member`);
  }
}

process.stdout.write(JSON.stringify({ invalid, differences: differences.sort() }, null, 1));
