// react-router 7 needs the encoding APIs that jsdom leaves out.
const { TextEncoder, TextDecoder } = require('util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
