'use strict';
/**
 * The browser editor's configuration (Sveltia CMS at /admin), made from the files it edits and
 * their JSON Schemas: the posts' schema for the posts, pages/_data/schemas/ for the data files.
 * Nothing here names a field: a property added to a schema is a field in the editor at the next
 * build, with the schema's description as its hint and the schema's limits as its rules.
 *
 * What this file adds is only what a schema cannot say: which files an editor may change, how a
 * field is shown (a one-line box or a paragraph, a date picker), and where photos go. docs/editor.md
 * explains each choice; editor-config.test.ts fails if a schema property has no field.
 */
const fs = require('node:fs');
const path = require('node:path');
const { SITE_ROOT } = require('../repo-root.cjs');

const DATA_DIR = 'pages/_data';
const SCHEMA_DIR = 'pages/_data/schemas';
const POSTS_DIR = 'pages/_posts';
const IMAGES_DIR = 'pages/_images';
const POST_SCHEMA = `${SCHEMA_DIR}/post.schema.json`;
/**
 * Where the editor is: its page at /admin (dist/admin.html, as every page is a flat file) and its
 * files under /admin/. Every other part (the build, the hosts' headers, the dev server, the
 * sign-in's Functions) takes it from here.
 */
const EDITOR_PATH = '/admin';
/** The sign-in's two steps, Pages Functions under the editor's path (editor-sign-in.js). */
const SIGN_IN_STEPS = { authorize: 'auth', callback: 'callback' };

/** The editor's own settings (the repository it commits to), never edited in the editor. */
const SETTINGS_FILE = `${DATA_DIR}/editor.json`;

/**
 * The data files an editor may change, in the order the editor lists them. The others (routes,
 * navigation, messages, the specification, the editor's own settings) shape the site's code and
 * stay with its developers.
 */
const EDITED_FILES = [
  { name: 'pricing', label: 'Pricing' },
  { name: 'faqs', label: 'FAQs' },
  { name: 'team', label: 'Team' },
  { name: 'case-studies', label: 'Case studies' },
  { name: 'testimonials', label: 'Testimonials' },
  { name: 'stats', label: 'Figures' },
  { name: 'site', label: 'Site details' },
];

/**
 * Text a field holds as a paragraph rather than a line: a multi-line box. A schema says how long
 * a text may be, not how it reads; these are the properties whose values are sentences.
 */
const PARAGRAPHS = new Set([
  'answer',
  'bio',
  'challenge',
  'definition',
  'description',
  'quote',
  'solution',
  'statement',
  'testimonial',
]);

/** A schema's pattern for a day, YYYY-MM-DD: shown as a date picker that writes that form. */
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

// The folders above are the site's, as the editor names them in the repository; a fixture's build
// (SITE_ROOT) reads its own.
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(SITE_ROOT, file), 'utf8'));

/** "coverAlt" → "Cover alt", "timeZone" → "Time zone": a field's label from its property name. */
function labelOf(name) {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A schema's description as a field's hint. The editor reads a hint as Markdown with HTML, which
 * would swallow "<slug>" or "<title>": those are written as text.
 */
const hintOf = (description) => description.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The rules a schema sets on a string that the editor checks as it is typed. */
function stringRules(schema) {
  return {
    ...(schema.minLength > 1 && { minlength: schema.minLength }),
    ...(schema.maxLength !== undefined && { maxlength: schema.maxLength }),
    ...(schema.pattern &&
      schema.pattern !== DAY_PATTERN && {
        pattern: [
          schema.pattern,
          `Not in the form this field takes: ${schema.description ?? 'see its hint'}.`,
        ],
      }),
  };
}

/**
 * One editor field for a schema property. `required`: whether the schema requires it. `options`
 * replace a string's free text with a choice (the post's author, from the team).
 */
function fieldOf(name, schema, required, options = {}) {
  const base = {
    name,
    label: options.label ?? labelOf(name),
    ...(schema.description && { hint: hintOf(schema.description) }),
    required,
  };
  if (name === '$schema') {
    // The file's pointer to its schema, for code editors: kept as it is, never shown.
    return { name, widget: 'hidden' };
  }
  if (options.choices) {
    return { ...base, widget: 'select', options: options.choices };
  }
  if (schema.enum) {
    return { ...base, widget: 'select', options: schema.enum };
  }
  if (schema.type === 'boolean') {
    return { ...base, widget: 'boolean', default: schema.default ?? false };
  }
  if (schema.type === 'string' && schema.pattern === DAY_PATTERN) {
    // Written as the schema's YYYY-MM-DD string, a day without a time or a zone.
    return { ...base, widget: 'datetime', time_format: false, format: 'YYYY-MM-DD' };
  }
  if (schema.type === 'string') {
    return {
      ...base,
      widget: PARAGRAPHS.has(name) ? 'text' : 'string',
      ...(schema.default !== undefined && { default: schema.default }),
      ...stringRules(schema),
    };
  }
  if (schema.type === 'array') {
    const items = schema.items;
    const bounds = {
      ...(schema.minItems !== undefined && { min: schema.minItems }),
      ...(schema.maxItems !== undefined && { max: schema.maxItems }),
    };
    if (items.type === 'object') {
      return { ...base, widget: 'list', ...bounds, fields: fieldsOf(items) };
    }
    return { ...base, widget: 'list', ...bounds, field: fieldOf('item', items, true, { label: base.label }) };
  }
  if (schema.type === 'object') {
    return { ...base, widget: 'object', fields: fieldsOf(schema) };
  }
  throw new Error(
    `${SCHEMA_DIR}: the property "${name}" has a type the editor cannot show (${JSON.stringify(schema.type)}). ` +
      'Give it a string, boolean, array or object type, or teach scripts/build/editor/editor-config.cjs its field.',
  );
}

/** The fields of an object schema's properties, in the schema's order (the files' key order). */
function fieldsOf(schema, options = {}) {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fieldOf(name, property, required.has(name), options[name]),
  );
}

/**
 * The fields of a data file. A list at the top of a file (team.json) is one field, the file's
 * root; an object whose keys are open (stats.json: a figure per key, named by the pages that show
 * it) has a field per key the file has, each with the schema's fields for a value.
 */
function dataFileFields(file, schema) {
  if (schema.type === 'array') {
    return [
      { ...fieldOf('items', schema, true, { label: labelOf(path.basename(file, '.json')) }), root: true },
    ];
  }
  const fields = fieldsOf(schema);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    const known = new Set(Object.keys(schema.properties ?? {}));
    const data = readJson(file);
    const keys = Object.keys(data).filter((key) => !known.has(key));
    fields.push(
      ...keys.map((key) =>
        fieldOf(key, schema.additionalProperties, true, { label: data[key].label ?? labelOf(key) }),
      ),
    );
  }
  return fields;
}

/** The post's front matter and its text: a folder collection, a file per post named by its address. */
function postsCollection(teamNames) {
  const schema = readJson(POST_SCHEMA);
  const fields = fieldsOf(schema, {
    author: { choices: teamNames },
    // Uploaded into pages/_images/ and written as the bare file name, as the post's schema asks.
    cover: { label: 'Cover photo' },
    coverAlt: { label: 'Cover photo’s description' },
  }).map((field) =>
    field.name === 'cover'
      ? {
          ...field,
          widget: 'image',
          media_folder: `/${IMAGES_DIR}`,
          public_folder: '',
          choose_url: false,
        }
      : field,
  );
  return {
    name: 'posts',
    label: 'Blog posts',
    label_singular: 'Post',
    description: hintOf(`${schema.description} Its text is Markdown.`),
    folder: POSTS_DIR,
    extension: 'md',
    format: 'yaml-frontmatter',
    create: true,
    // The file name is the post's address, /blog/<slug>: made from the title once, then kept.
    slug: '{{slug}}',
    identifier_field: 'title',
    // "(2026-12-20 · scheduled)" or "(… · draft)" for a post the site does not show (a scheduled
    // one until its day, write-editor.mjs).
    summary: "{{title}} ({{date}}{{date | scheduled}}{{draft | ternary(' · draft', '')}})",
    // The list's thumbnail is the cover, by its path in the repository: the editor looks a bare
    // file name up beside the post, where covers are not.
    thumbnail: `/${IMAGES_DIR}/{{cover}}`,
    sortable_fields: { fields: ['date', 'title'], default: { field: 'date', direction: 'descending' } },
    fields: [...fields, { name: 'body', label: 'Text', widget: 'markdown', hint: 'The post, in Markdown' }],
  };
}

/** The data files an editor may change: a file collection, a form per file. */
function dataCollection() {
  return {
    name: 'data',
    label: 'Site content',
    files: EDITED_FILES.map(({ name, label }) => {
      const file = `${DATA_DIR}/${name}.json`;
      const schema = readJson(`${SCHEMA_DIR}/${name}.schema.json`);
      return {
        name,
        label,
        file,
        format: 'json',
        fields: dataFileFields(file, schema),
      };
    }),
  };
}

/** The editor's settings (pages/_data/editor.json), with the site's address for sign-in. */
function editorSettings() {
  return readJson(SETTINGS_FILE);
}

/**
 * Whether the editor is set up: editor.json names the site's repository, not the placeholder
 * "{owner}/{repository}". From then on, the content of the files it edits is the editors': the
 * figures the specification fixed for them (a price, how many FAQs) are no longer checked
 * against it (tests/build/specification.test.ts), only the site's structure is.
 */
const editorIsSetUp = (settings = editorSettings()) => !/[{}]/.test(settings.repository);

/**
 * The OAuth scope "Sign in with GitHub" asks for: the least that lets an editor commit to the
 * repository (editor.json `repositoryVisibility`). The sign-in's Function fixes it; the editor
 * names it too, so that what it asks is what it gets.
 */
const signInScope = (settings = editorSettings()) =>
  settings.repositoryVisibility === 'public' ? 'public_repo' : 'repo';

/** The data files the editor changes, from the project root. */
const EDITED_DATA_FILES = EDITED_FILES.map(({ name }) => `${DATA_DIR}/${name}.json`);

/**
 * The whole configuration, as config.json at /admin/config.json. `settings` and `teamNames` are
 * read from the tree unless given (the tests give fixtures).
 */
function editorConfig({
  settings = editorSettings(),
  site = readJson(`${DATA_DIR}/site.json`),
  teamNames = readJson(`${DATA_DIR}/team.json`).map((member) => member.name),
} = {}) {
  return {
    backend: {
      name: 'github',
      repo: settings.repository,
      branch: settings.branch,
      // Sign-in with GitHub goes through the site's own Pages Function (README "Edit in the
      // browser"); a personal access token needs none of it.
      base_url: settings.signInOrigin || site.url,
      auth_endpoint: `${EDITOR_PATH.slice(1)}/${SIGN_IN_STEPS.authorize}`,
      auth_scope: signInScope(settings),
      commit_messages: {
        create: 'Editor: create {{collection}} “{{slug}}”',
        update: 'Editor: update {{collection}} “{{slug}}”',
        delete: 'Editor: delete {{collection}} “{{slug}}”',
        uploadMedia: 'Editor: upload “{{path}}”',
        deleteMedia: 'Editor: delete “{{path}}”',
      },
    },
    site_url: site.url,
    logo_url: `${EDITOR_PATH}/favicon.svg`,
    app_title: `${site.name} editor`,
    media_folder: IMAGES_DIR,
    public_folder: '',
    // The repository's formatting: two spaces, a final newline; an optional field left empty is
    // not written, as the files leave it out (the schemas give it its default).
    output: {
      omit_empty_optional_fields: true,
      json: { indent_style: 'space', indent_size: 2 },
    },
    collections: [postsCollection(teamNames), dataCollection()],
  };
}

module.exports = {
  EDITOR_PATH,
  SIGN_IN_STEPS,
  signInScope,
  editorConfig,
  hintOf,
  editorIsSetUp,
  EDITED_FILES,
  EDITED_DATA_FILES,
  DATA_DIR,
  SCHEMA_DIR,
  POST_SCHEMA,
  POSTS_DIR,
  IMAGES_DIR,
  SETTINGS_FILE,
};
