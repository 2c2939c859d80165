// @vitest-environment node
/**
 * The browser editor's configuration is the schemas' (editor-config.cjs): every property of the
 * posts' schema and of each edited data file's schema has a field, with the schema's description
 * as its hint and its limits as its rules. And the files it edits are in the form it writes, so
 * that a save changes only what the editor changed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  EDITED_DATA_FILES,
  EDITED_FILES,
  POST_SCHEMA,
  SCHEMA_DIR,
  editorConfig,
  editorIsSetUp,
  hintOf,
  type EditorField,
} from './editor-config.cjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

interface Schema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
}

/**
 * What a schema has that its fields lack, as "path: what": a property without a field, a
 * description not given as the hint, a limit not given as a rule. `data` gives an open object's
 * keys (stats.json: a field per key the file has).
 */
function gaps(
  schema: Schema,
  fields: EditorField[],
  where: string,
  data?: Record<string, unknown>,
): string[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const required = new Set(schema.required ?? []);
  const properties: [string, Schema][] = Object.entries(schema.properties ?? {});
  // An open object's keys are the file's, each there: required.
  if (typeof schema.additionalProperties === 'object' && data)
    for (const key of Object.keys(data).filter((key) => !(key in (schema.properties ?? {})))) {
      properties.push([key, schema.additionalProperties]);
      required.add(key);
    }
  return properties.flatMap(([name, property]) => {
    const at = `${where}.${name}`;
    const field = byName.get(name);
    if (!field) return [`${at}: no field`];
    if (name === '$schema') return field.widget === 'hidden' ? [] : [`${at}: shown`];
    const found: string[] = [];
    const expect = (ok: boolean, what: string) => (ok ? [] : [`${at}: ${what}`]);
    found.push(
      ...expect(
        !property.description || field.hint === hintOf(property.description),
        'hint is not the description',
      ),
    );
    found.push(...expect(field.required === required.has(name), `required is ${String(field.required)}`));
    if (property.maxLength !== undefined)
      found.push(...expect(field.maxlength === property.maxLength, 'no maxlength'));
    if (property.minItems !== undefined) found.push(...expect(field.min === property.minItems, 'no min'));
    if (property.enum)
      found.push(
        ...expect(JSON.stringify(field.options) === JSON.stringify(property.enum), 'options differ'),
      );
    if (property.pattern && !/\\d\{4\}/.test(property.pattern))
      found.push(...expect((field.pattern as string[] | undefined)?.[0] === property.pattern, 'no pattern'));
    if (property.type === 'array' && property.items?.type === 'object')
      found.push(...gaps(property.items, field.fields ?? [], `${at}[]`));
    else if (property.type === 'array')
      found.push(...expect(field.widget === 'list' && field.field !== undefined, 'not a list of values'));
    if (property.type === 'object')
      found.push(...gaps(property, field.fields ?? [], at, data?.[name] as Record<string, unknown>));
    return found;
  });
}

const config = editorConfig();
const posts = config.collections.find((collection) => collection.name === 'posts')!;
const data = config.collections.find((collection) => collection.name === 'data')!;

describe('the editor’s configuration, from the schemas', () => {
  it('gives every front-matter property of a post a field, and the text a Markdown field', () => {
    const schema = readJson(POST_SCHEMA) as Schema;
    expect(gaps(schema, posts.fields!, 'post')).toEqual([]);
    expect(posts.fields!.at(-1)).toMatchObject({ name: 'body', widget: 'markdown' });
    expect(posts).toMatchObject({
      folder: 'pages/_posts',
      extension: 'md',
      format: 'yaml-frontmatter',
      create: true,
    });
  });

  it('lets a post’s author be one of the team, its category one of the schema’s, its dates days', () => {
    const field = (name: string) => posts.fields!.find((candidate) => candidate.name === name)!;
    const team = readJson('pages/_data/team.json') as { name: string }[];
    expect(field('author')).toMatchObject({ widget: 'select', options: team.map((member) => member.name) });
    expect(field('category')).toMatchObject({ widget: 'select' });
    for (const name of ['date', 'updated'])
      expect(field(name)).toMatchObject({ widget: 'datetime', time_format: false, format: 'YYYY-MM-DD' });
    expect(field('draft')).toMatchObject({ widget: 'boolean', default: false });
    // Uploaded into pages/_images/ and written as the bare file name, as the build reads it.
    expect(field('cover')).toMatchObject({
      widget: 'image',
      media_folder: '/pages/_images',
      public_folder: '',
    });
  });

  it.each(EDITED_FILES.map(({ name }) => name))('gives every property of %s.json a field', (name) => {
    const file = data.files!.find((candidate) => candidate.name === name)!;
    expect(file.file).toBe(`pages/_data/${name}.json`);
    const schema = readJson(`${SCHEMA_DIR}/${name}.schema.json`) as Schema;
    const content = readJson(file.file) as Record<string, unknown>;
    // A list at the top of a file is one field, the file's root.
    const found =
      schema.type === 'array'
        ? gaps(schema.items!, file.fields[0]!.fields ?? [], name)
        : gaps(schema, file.fields, name, content);
    expect(found).toEqual([]);
    if (schema.type === 'array') expect(file.fields[0]).toMatchObject({ root: true, widget: 'list' });
  });

  it('shows a description’s "<slug>" as text, not as an HTML tag', () => {
    expect(hintOf('pages/_posts/<slug>.md, its <title> & more')).toBe(
      'pages/_posts/&lt;slug>.md, its &lt;title> &amp; more',
    );
  });

  it('finds a property without a field, a missing rule and a missing hint', () => {
    const schema = readJson(`${SCHEMA_DIR}/faqs.schema.json`) as Schema;
    const file = data.files!.find((candidate) => candidate.name === 'faqs')!;
    const pricing = file.fields.find((field) => field.name === 'pricing')!;
    const broken = [
      { ...pricing, fields: pricing.fields!.filter((field) => field.name !== 'answer') },
      ...file.fields.filter((field) => field.name !== 'pricing' && field.name !== 'contact'),
      Object.fromEntries(
        Object.entries(file.fields.find((field) => field.name === 'contact')!).filter(
          ([key]) => key !== 'hint' && key !== 'min',
        ),
      ) as EditorField,
    ];
    expect(gaps(schema, broken, 'faqs')).toEqual([
      'faqs.pricing[].answer: no field',
      'faqs.contact: hint is not the description',
      'faqs.contact: no min',
    ]);
  });

  it('saves to the repository editor.json names, and offers the team it is given as authors', () => {
    const site = readJson('pages/_data/site.json') as { url: string; name: string };
    const made = editorConfig({
      settings: { repository: 'acme/site', branch: 'main' },
      site,
      teamNames: ['Ann Lee'],
    });
    expect(made.backend).toMatchObject({
      name: 'github',
      repo: 'acme/site',
      branch: 'main',
      base_url: site.url,
    });
    expect(made.collections[0]!.fields!.find((field) => field.name === 'author')!.options).toEqual([
      'Ann Lee',
    ]);
  });

  it('writes the repository’s formatting: two spaces, a final newline, no empty optional field', () => {
    expect(config.output).toEqual({
      omit_empty_optional_fields: true,
      json: { indent_style: 'space', indent_size: 2 },
    });
  });

  it('knows the editor is set up only once editor.json names a repository', () => {
    expect(editorIsSetUp({ repository: '{owner}/{repository}', branch: 'main' })).toBe(false);
    expect(editorIsSetUp({ repository: 'dealstream/website', branch: 'main' })).toBe(true);
  });
});

describe('the files the editor saves', () => {
  it.each(EDITED_DATA_FILES)(
    '%s is in the form the editor writes, so a save changes only what it changed',
    (file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const value = JSON.parse(text) as Record<string, unknown>;
      expect(text, `${file} is not in the editor's form: run npm run format`).toBe(
        `${JSON.stringify(value, null, 2)}\n`,
      );
      // Optional fields left empty are left out (the schema gives their default), as the editor writes them.
      const empties = text.match(/"\w+": ""/g) ?? [];
      expect(empties, `${file}: leave an empty optional field out`).toEqual([]);
    },
  );

  it.each(EDITED_DATA_FILES)(
    '%s is held to that form by npm run lint (Prettier’s json-stringify)',
    async (file) => {
      expect((await resolveConfig(path.join(ROOT, file)))?.parser, '.prettierrc.json overrides').toBe(
        'json-stringify',
      );
    },
  );
});
