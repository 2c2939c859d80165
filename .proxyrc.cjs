/**
 * Dev-server middleware (Parcel runs it before its own handler). Parcel answers every unknown
 * path with the first page and status 200; this serves the 404 page with status 404 for paths
 * that are not routes, as the production server does.
 */
const fs = require('node:fs');
const path = require('node:path');

const routesFile = path.join(__dirname, 'pages/_data/routes.json');

/** Whether a request path names a page (no file extension) rather than an asset. */
function isPagePath(pathname) {
  return !path.posix.basename(pathname).includes('.');
}

module.exports = function notFoundMiddleware(app) {
  app.use((req, res, next) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // Read on each request so routes added while the dev server runs are picked up.
    const routes = new Set(JSON.parse(fs.readFileSync(routesFile, 'utf8')).map((entry) => entry.path));
    if (!isPagePath(pathname) || routes.has(route)) return next();

    // Let Parcel serve its current build of 404.html, but with the status a missing page needs.
    req.url = '/404.html';
    req.originalUrl = '/404.html';
    const writeHead = res.writeHead.bind(res);
    res.writeHead = (status, ...rest) => writeHead(404, ...rest);
    return next();
  });
};
