module.exports = require('./check.cjs').checkBefore('svc-logbook');
