// What a style definition can read from @fluentui/react-components when Griffel's build-time
// transform evaluates it (webpack.config.js aliases the package to this file for that evaluation
// only; the bundle imports the real package). The transform evaluates each file's imports afresh,
// and requiring all of Fluent for each of ~40 style files took ~15 s of a build.
const { tokens, typographyStyles } = require('@fluentui/tokens');
const { shorthands } = require('@griffel/core');

module.exports = { tokens, typographyStyles, shorthands };
