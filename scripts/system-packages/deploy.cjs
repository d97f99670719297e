module.exports = require('./check.cjs').checkBefore('deploy');
