module.exports = require('./check.cjs').checkBefore('e2e');
