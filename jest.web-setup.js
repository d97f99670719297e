// react-router 7 needs the encoding APIs that jsdom leaves out.
const { TextEncoder, TextDecoder } = require('util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The suite runs on two cores, a second time on another Node.js while other projects start: a screen drawn after a
// lazy module and a fetch can take longer than Testing Library's one second. findBy* and waitFor keep polling for up
// to five seconds; what they assert is unchanged.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
