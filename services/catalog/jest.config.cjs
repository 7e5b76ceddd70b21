// Unit specs of this project (ADR 0014): `npx nx test <project>`.
module.exports = require('../../jest.preset.cjs').unit(__dirname);
