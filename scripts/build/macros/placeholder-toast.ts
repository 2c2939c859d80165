/**
 * The placeholder toast's words, read from pages/_data/messages.json, where maintainers edit
 * them. A build-time macro (`with { type: 'macro' }`): the entry script carries the words
 * themselves, not the JSON file as a module of its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rerunWhenChanged } from './rerun-when-changed';

const MESSAGES = path.resolve('pages/_data/messages.json');

export function placeholderToast(this: unknown): { icon: string; title: string } {
  rerunWhenChanged(this, MESSAGES);
  const messages = JSON.parse(readFileSync(MESSAGES, 'utf8')) as {
    placeholderToast: { icon: string; title: string };
  };
  return messages.placeholderToast;
}
