/**
 * Makes sure the system programs the tests drive are installed: a Chromium (browser and budget
 * tests), Firefox ESR, WebKitGTK's WebDriver with its MiniBrowser and Xvfb (the engine tests,
 * tests/support/engines.ts), NSS (the one system library the visual suite's own pinned Chromium links against,
 * backstop/capture-browser.cjs), nginx (the production-config test) and its brotli static module (without it, that test checks
 * gzip only), and openssl (the certificate for nginx over HTTPS, which the budget audits). Where
 * one is missing and this is Debian as root, it installs Debian's package, saying so; otherwise
 * it stops with a one-line fix.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const { findChromium } = createRequire(import.meta.url)('../../scripts/build/chromium.cjs');
const NGINX = '/usr/sbin/nginx';
const NGINX_BROTLI = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const OPENSSL = '/usr/bin/openssl';
const NSS = '/usr/lib/x86_64-linux-gnu/libnss3.so';
const FIREFOX = '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB = '/usr/bin/Xvfb';
/** Packages the tests can do without, checking less. */
const OPTIONAL = ['libnginx-mod-http-brotli-static'];
const canInstall = existsSync('/etc/debian_version') && process.getuid?.() === 0;

if (process.env.CHROME_PATH && !findChromium()) {
  console.error(
    `CHROME_PATH=${process.env.CHROME_PATH} does not exist. Point it at a Chromium or Chrome binary.`,
  );
  process.exit(1);
}

const missing = [
  !findChromium() && 'chromium',
  process.arch === 'x64' && process.platform === 'linux' && !existsSync(NSS) && 'libnss3',
  !existsSync(NGINX) && 'nginx-light',
  !existsSync(NGINX_BROTLI) && 'libnginx-mod-http-brotli-static',
  !existsSync(OPENSSL) && 'openssl',
  !existsSync(FIREFOX) && 'firefox-esr',
  !existsSync(WEBKIT_DRIVER) && 'webkit2gtk-driver',
  !existsSync(XVFB) && 'xvfb',
].filter(Boolean);

if (missing.length > 0 && !canInstall) {
  const required = missing.filter((name) => !OPTIONAL.includes(name));
  if (required.length > 0) {
    console.error(
      `Missing ${required.join(' and ')}. Fix: install them (Debian: sudo apt-get install -y ${required.join(' ')}),` +
        ' or set CHROME_PATH to a Chromium or Chrome binary.',
    );
    process.exit(1);
  }
}
if (missing.length > 0 && canInstall) {
  console.log(`Tests need ${missing.join(', ')}: installing Debian's packages (apt-get install -y)…`);
  const options = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  execFileSync('apt-get', ['update', '-qq'], options);
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], options);
}
console.log(`Tests use ${findChromium()} and ${NGINX}`);
