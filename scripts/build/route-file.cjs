/**
 * Where a route's page lives, under pages/ and dist/ alike: "/" is index.html, every other route
 * is a flat file named like its URL ("/about-us/team" → about-us/team.html). Every host serves a
 * flat file at the extensionless URL with status 200 and no redirect (README "Deploy").
 * CommonJS, so that the dev-server middleware can require it.
 */
function fileOfRoute(routePath) {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}.html`;
}

module.exports = { fileOfRoute };
