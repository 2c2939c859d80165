// @vitest-environment node
/**
 * An update of the browser editor (@sveltia/cms) that moves what one of write-editor.mjs's
 * rewrites looks for stops the build, naming the rewrite, the version and what to do, rather than
 * ship an editor whose requests its policy blocks. The editor as it is, written whole, is the
 * build's (tests/build/hosting.test.ts serves it, tests/machinery/maintainer-edits.test.ts uses it).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeEditor } from './write-editor.mjs';

const INSTALLED = path.resolve(import.meta.dirname, '../../../node_modules/@sveltia/cms');
const scratch = mkdtempSync(path.join(tmpdir(), 'editor-update-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the installed editor whose script has `from` replaced by `to`, as an update might. */
function updatedEditor(from: string, to: string) {
  const folder = path.join(scratch, 'sveltia-cms');
  for (const file of ['package.json', 'dist/chunks/react-dom.js'])
    cpSync(path.join(INSTALLED, file), path.join(folder, file));
  const script = readFileSync(path.join(INSTALLED, 'dist/sveltia-cms.js'), 'utf8');
  expect(script, `the installed editor's script holds ${from}`).toContain(from);
  writeFileSync(path.join(folder, 'dist/sveltia-cms.js'), script.split(from).join(to));
  return folder;
}

describe('an update of the editor', () => {
  it('that asks another host for its fonts stops the build at the rewrite, with what to do', () => {
    const editor = updatedEditor('https://cdn.jsdelivr.net/fontsource/', 'https://fonts.example/fontsource/');
    expect(() => writeEditor(path.join(scratch, 'dist'), editor)).toThrow(
      /^scripts\/build\/editor\/write-editor\.mjs: @sveltia\/cms [\d.]+ no longer has https:\/\/cdn\.jsdelivr\.net\/fontsource\/.+ Find what it asks for now .+ update this rewrite\.$/,
    );
  });
});
