module.exports = async () => {
  await globalThis.__EMBEDDED_DB__?.stop();
};
