/**
 * remark's settings, for editors: with the recommended remark extension (.vscode/extensions.json),
 * a post's front matter is checked against its schema as it is written, each mistake underlined
 * with the schema's description and, for a category, the names it takes. The build checks the
 * same schema and more (the author is a member, the cover exists): scripts/build/posts/read-posts.cjs.
 */
import remarkFrontmatter from 'remark-frontmatter';
import remarkLintFrontmatterSchema from 'remark-lint-frontmatter-schema';

export default {
  plugins: [
    remarkFrontmatter,
    [
      remarkLintFrontmatterSchema,
      { schemas: { './pages/_data/schemas/post.schema.json': ['./pages/_posts/*.md'] } },
    ],
  ],
};
