import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, allBuiltFiles } from '../support/site';

// Reads .htmlvalidate.mjs: html-validate:recommended, less what the minifier legally omits.
const validator = new HtmlValidate(new FileSystemConfigLoader());

describe('HTML validity', () => {
  it.each(allBuiltFiles().map((file) => path.relative(ROOT, file)))('%s has no errors', async (file) => {
    const report = await validator.validateFile(path.join(ROOT, file));
    const messages = report.results.flatMap((result) =>
      result.messages.map(
        (message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
      ),
    );
    expect(messages).toEqual([]);
  });

  it('catches an error when there is one', async () => {
    const source = '<main><p id="x">a</p><p id="x">b</p></main>';
    const report = await validator.validateString(source, path.join(ROOT, 'dist/example.html'));
    expect(report.valid).toBe(false);
  });
});
