// Preloaded into the CLI under test: counts the bytes every decompressor produces, and
// writes the total to stderr when the process exits, so a test can see whether
// decompression stopped at the byte limit or went on inflating a bomb.
import process from 'node:process';
import zlib from 'node:zlib';

let inflated = 0;
for (const name of ['createBrotliDecompress', 'createGunzip', 'createInflate']) {
  const create = zlib[name];
  // The factories are read-only properties of the module, so they are redefined.
  Object.defineProperty(zlib, name, { configurable: true, enumerable: true, writable: true, value: function (...args) {
    const stream = create.apply(this, args);
    const push = stream.push;
    stream.push = function (chunk, ...rest) {
      if (chunk) inflated += chunk.length;
      return push.call(this, chunk, ...rest);
    };
    return stream;
  } });
}
process.on('exit', () => process.stderr.write(`\ninflated-bytes=${inflated}\n`));
