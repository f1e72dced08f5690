// orval configuration for check.sh: a fetch client for the document named by OPENAPI_JSON,
// written to out/client/ (ignored by git; emptied on each run).
const path = require('node:path');

if (!process.env.OPENAPI_JSON) throw new Error('OPENAPI_JSON is not set (run check.sh)');

module.exports = {
  worktop: {
    input: { target: path.resolve(process.env.OPENAPI_JSON) },
    output: {
      target: path.join(__dirname, 'out', 'client', 'worktop.ts'),
      client: 'fetch',
      mode: 'split',
      clean: true,
      prettier: false,
    },
  },
};
