import { describe, expect, it } from 'vitest';
import { byTeamMember } from './grown-tree.mjs';

describe('byTeamMember', () => {
  const post = '---\ntitle: A post\nauthor: Alicia Moreno\n---\n\nText by Alicia Moreno.\n';
  it('leaves a post whose author the team has as it is', () => {
    expect(byTeamMember(post, [{ name: 'Kevin Park' }, { name: 'Alicia Moreno' }])).toBe(post);
  });

  it('gives a post whose author the team no longer has to the team’s first member, its text untouched', () => {
    expect(byTeamMember(post, [{ name: 'Kevin Park' }])).toBe(
      '---\ntitle: A post\nauthor: Kevin Park\n---\n\nText by Alicia Moreno.\n',
    );
  });
});
