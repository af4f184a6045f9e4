// Jest as bin/run.sh runs it, whatever folder the solution is in: every module it needs is
// resolved from this runner's node_modules, and a babel.config.js or package.json of the
// solution's own is not read (babel-jest gets the track's preset here).
const path = require('node:path');

module.exports = {
  testEnvironment: require.resolve('jest-environment-node'),
  transform: {
    '\\.[cm]?jsx?$': [
      require.resolve('babel-jest'),
      {
        babelrc: false,
        configFile: false,
        presets: [[require.resolve('@exercism/babel-preset-javascript'), { corejs: '3.44' }]],
      },
    ],
  },
  // The preset's core-js imports, from the solution's folder.
  modulePaths: [path.join(__dirname, '..', 'node_modules')],
  // A package.json of the solution's is not a module (as the track's runner has it).
  modulePathIgnorePatterns: ['package.json'],
  // Jest's console buffers what the files print (a verbose run, Jest's default for one test
  // file, prints it at once in its own layout instead): the transformed test file writes out
  // what was buffered as the files loaded.
  verbose: false,
  // --json writes the results; the one reporter prints nothing and only rewords two messages
  // in them (messages.js). Jest's default reporter would hold back what a test writes to
  // process.stdout until a timer fires, which a test stuck in a loop never lets fire.
  reporters: [require.resolve('./messages.js')],
};
