// One embedded database for the whole run; each test file uses a database of its own on it.
module.exports = async () => {
  if (process.env.MONGODB_URI) return;
  const { register } = require('tsx/cjs/api');
  const unregister = register();
  const { startJongodb } = require('./packages/service-kit/src/embedded-db.ts');
  unregister();
  const db = await startJongodb();
  process.env.MONGODB_URI = db.uri;
  globalThis.__EMBEDDED_DB__ = db;
};
